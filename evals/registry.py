"""The evaluators a report runs, in the order it shows them (each one file, with a name and a version)."""

from __future__ import annotations

from evals.base import Evaluator
from evals.claims.evaluator import ClaimsEvaluator
from evals.cost import CostEvaluator
from evals.deception import DeceptionEvaluator
from evals.detectability import DetectabilityEvaluator
from evals.inference import InferenceEvaluator
from evals.outcomes import OutcomeEvaluator
from evals.peers import PeerEvaluator
from evals.quality import QualityEvaluator
from evals.votes import VoteEvaluator


def evaluators() -> tuple[Evaluator, ...]:
    return (OutcomeEvaluator(), InferenceEvaluator(), VoteEvaluator(), DeceptionEvaluator(), ClaimsEvaluator(), PeerEvaluator(),
            QualityEvaluator(), CostEvaluator(), DetectabilityEvaluator())
