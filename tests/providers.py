"""Mock providers for the conformance suite: each behaves as its documentation says (``FakeOpenAI(provider=…)``).

One ``Provider`` per profile of ``agents/llm/profiles.toml``; the comments there cite the documents.
``check`` refuses what the provider refuses, with the provider's own error shape (the 400s);
``shape`` turns the fake's plain answer into the provider's (reasoning, cache fields, tool calls in
the content, arguments as an object…). ``n_ctx`` bounds the prompt (in the fake's count of tokens,
about 4 characters each): past it the provider's context-exceeded 400 comes back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from agents.llm.strict import problems

Body = dict[str, Any]
Refusal = tuple[int, Body]


def prompt_tokens(body: Body) -> int:
    """The mock's count of a request's prompt tokens, about 4 characters each: the messages and the
    tool schemas (a server renders both into the prompt)."""
    tools = len(json.dumps(body["tools"], ensure_ascii=False)) if body.get("tools") else 0
    return (sum(len(json.dumps(m, ensure_ascii=False)) for m in body.get("messages", [])) + tools) // 4 + 1


def openai_error(message: str, code: str | None, param: str | None = None, kind: str = "invalid_request_error"
                 ) -> Body:
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}


@dataclass
class Provider:
    """The generic behaviour: the plain fake; subclasses override ``check`` and ``shape``."""

    name: str = "generic"
    n_ctx: int = 10**9
    seen: list[str] = field(default_factory=list)
    """What the mock did that a provider does (refusals, shapes), for the tests to assert on."""

    def check(self, body: Body) -> Refusal | None:
        tokens = prompt_tokens(body)
        if tokens > self.n_ctx:
            self.seen.append("context_exceeded")
            return self.context_error(tokens)
        return None

    def context_error(self, tokens: int) -> Refusal:
        return 400, openai_error(f"This model's maximum context length is {self.n_ctx} tokens. However, your "
                                 f"messages resulted in {tokens} tokens. Please reduce the length of the messages.",
                                 "context_length_exceeded", "messages")

    def shape(self, body: Body, answer: Body) -> Body | str:
        return answer

    @staticmethod
    def message(answer: Body) -> Body:
        return dict(answer["choices"][0]["message"])


@dataclass
class OpenAI(Provider):
    """Chat Completions: strict functions are checked against the strict subset (HTTP 400 "Invalid
    schema for function …"); cached tokens in prompt_tokens_details."""

    name: str = "openai"

    def check(self, body: Body) -> Refusal | None:
        for tool in body.get("tools") or []:
            fn = tool["function"]
            if fn.get("strict"):
                found = problems(fn["parameters"])
                if found:
                    self.seen.append("invalid_schema")
                    return 400, openai_error(f"Invalid schema for function '{fn['name']}': {found[0]}",
                                             "invalid_function_parameters", "tools")
        return super().check(body)


@dataclass
class OpenAIReasoning(OpenAI):
    """o-series and gpt-5: max_tokens refused (use max_completion_tokens), temperature only its default."""

    name: str = "openai-reasoning"

    def check(self, body: Body) -> Refusal | None:
        if "max_tokens" in body:
            self.seen.append("max_tokens_refused")
            return 400, openai_error("Unsupported parameter: 'max_tokens' is not supported with this model. Use "
                                     "'max_completion_tokens' instead.", "unsupported_parameter", "max_tokens")
        if body.get("temperature", 1) != 1:
            self.seen.append("temperature_refused")
            return 400, openai_error(f"Unsupported value: 'temperature' does not support {body['temperature']} with "
                                     "this model. Only the default (1) value is supported.", "unsupported_value",
                                     "temperature")
        return super().check(body)


@dataclass
class DeepSeek(Provider):
    """Thinking mode (the default): reasoning_content beside content and tool calls; a later request
    whose history drops it on a tool-call turn is a 400; cache use in prompt_cache_hit/miss_tokens."""

    name: str = "deepseek"

    def check(self, body: Body) -> Refusal | None:
        if body.get("thinking", {}).get("type", "enabled") == "enabled":
            for message in body.get("messages", []):
                if message.get("role") == "assistant" and message.get("tool_calls") \
                        and not message.get("reasoning_content"):
                    self.seen.append("reasoning_missing")
                    return 400, {"error": {"message": "The reasoning_content in the thinking mode must be passed "
                                           "back to the API.", "type": "invalid_request_error", "param": None,
                                           "code": "invalid_request_error"}}
        return super().check(body)

    def shape(self, body: Body, answer: Body) -> Body | str:
        message = self.message(answer)
        if body.get("thinking", {}).get("type", "enabled") == "enabled":
            message["reasoning_content"] = "先看看谁的发言最可疑。"
        usage = dict(answer["usage"])
        cached = usage.pop("prompt_tokens_details", {}).get("cached_tokens", 0)
        usage.update(prompt_cache_hit_tokens=cached, prompt_cache_miss_tokens=usage["prompt_tokens"] - cached)
        return {**answer, "choices": [{**answer["choices"][0], "message": message}], "usage": usage}


@dataclass
class Qwen(Provider):
    """DashScope's compatible mode: "required" is not a documented tool choice (read as auto); the
    context error is DashScope's "Range of input length should be [1, N]"."""

    name: str = "qwen"

    def check(self, body: Body) -> Refusal | None:
        if body.get("tool_choice") == "required":
            self.seen.append("required_sent")
        return super().check(body)

    def context_error(self, tokens: int) -> Refusal:
        return 400, {"error": {"message": f"<400> InternalError.Algo.InvalidParameter: Range of input length should "
                               f"be [1, {self.n_ctx}]", "type": "invalid_request_error", "param": None,
                               "code": "invalid_parameter_error"}}


@dataclass
class VLLM(Provider):
    """A vLLM server started without --enable-auto-tool-choice: "auto" is a 400; named and "required"
    are guided decoding. Its context error is vLLM's wording, at the top level of the body."""

    name: str = "vllm"

    def check(self, body: Body) -> Refusal | None:
        if body.get("tools") and body.get("tool_choice", "auto") == "auto":
            self.seen.append("auto_refused")
            return 400, {"object": "error", "message": '"auto" tool choice requires --enable-auto-tool-choice and '
                         "--tool-call-parser to be set", "type": "BadRequestError", "param": None, "code": 400}
        return super().check(body)

    def context_error(self, tokens: int) -> Refusal:
        return 400, {"object": "error", "message": f"This model's maximum context length is {self.n_ctx} tokens. "
                     f"However, you requested {tokens + 1024} tokens ({tokens} in the messages, 1024 in the "
                     "completion). Please reduce the length of the messages or completion.",
                     "type": "BadRequestError", "param": None, "code": 400}


def in_content(answer: Body, fenced: bool) -> Body:
    """The answer with its tool call written into the content instead (Hermes tags, or a fenced block)."""
    message = Provider.message(answer)
    calls = message.pop("tool_calls", None)
    if not calls:
        return answer
    fn = calls[0]["function"]
    call = json.dumps({"name": fn["name"], "arguments": json.loads(fn["arguments"])}, ensure_ascii=False)
    message["content"] = f"```json\n{call}\n```" if fenced else f"<tool_call>\n{call}\n</tool_call>"
    return {**answer, "choices": [{**answer["choices"][0], "message": message, "finish_reason": "stop"}]}


@dataclass
class SGLang(Provider):
    """An SGLang server without --tool-call-parser: under "auto" a Qwen model's <tool_call> stays in
    the content; named and "required" are constrained decoding (tool_calls)."""

    name: str = "sglang"

    def shape(self, body: Body, answer: Body) -> Body | str:
        if body.get("tool_choice", "auto") == "auto":
            self.seen.append("content_call")
            return in_content(answer, fenced=False)
        return answer

    def context_error(self, tokens: int) -> Refusal:
        return 400, {"object": "error", "message": f"The input ({tokens} tokens) is longer than the model's context "
                     f"length ({self.n_ctx} tokens).", "type": "BadRequestError", "param": None, "code": 400}


@dataclass
class Ollama(Provider):
    """Ollama's /v1 with a model that has no tools template: tool_choice is ignored and the call comes
    as a fenced JSON block in the content; no cached-token field; num_ctx truncates (no 400)."""

    name: str = "ollama"

    def check(self, body: Body) -> Refusal | None:
        return None

    def shape(self, body: Body, answer: Body) -> Body | str:
        self.seen.append("content_call")
        shaped = in_content(answer, fenced=True)
        usage = {k: v for k, v in shaped["usage"].items() if k != "prompt_tokens_details"}
        return {**shaped, "usage": usage}


@dataclass
class LlamaServer(Provider):
    """llama.cpp's llama-server: tool_choice strings other than auto/none/required are a 400 ("Invalid
    tool_choice"), a named object is read as "auto"; prompt-cache reuse in timings.cache_n; the
    context error is exceed_context_size_error."""

    name: str = "llamacpp"

    def check(self, body: Body) -> Refusal | None:
        choice = body.get("tool_choice", "auto")
        if isinstance(choice, str) and choice not in ("auto", "none", "required"):
            return 500, {"error": {"code": 500, "message": f"Invalid tool_choice: {choice}", "type": "server_error"}}
        if isinstance(choice, dict):
            self.seen.append("named_ignored")
        return super().check(body)

    def context_error(self, tokens: int) -> Refusal:
        return 400, {"error": {"code": 400, "message": f"request ({tokens} tokens) exceeds the available context size "
                               f"({self.n_ctx} tokens), try increasing it", "type": "exceed_context_size_error",
                               "n_prompt_tokens": tokens, "n_ctx": self.n_ctx}}

    def shape(self, body: Body, answer: Body) -> Body | str:
        usage = {k: v for k, v in answer["usage"].items() if k != "prompt_tokens_details"}
        cached = answer["usage"].get("prompt_tokens_details", {}).get("cached_tokens", 0)
        return {**answer, "usage": usage, "timings": {"cache_n": cached, "prompt_n": usage["prompt_tokens"] - cached}}


@dataclass
class LlamaCppPython(Provider):
    """llama-cpp-python's server: a named tool_choice is a grammar-forced call; "auto" with a chat
    format without function calling leaves the model's text (here, the call as JSON) in the content."""

    name: str = "llama-cpp-python"

    def shape(self, body: Body, answer: Body) -> Body | str:
        usage = {k: v for k, v in answer["usage"].items() if k != "prompt_tokens_details"}
        answer = {**answer, "usage": usage}
        if not isinstance(body.get("tool_choice"), dict):
            self.seen.append("content_call")
            return in_content(answer, fenced=False)
        return answer

    def context_error(self, tokens: int) -> Refusal:
        return 400, {"error": {"message": f"Requested tokens ({tokens}) exceed context window of {self.n_ctx}",
                               "type": "invalid_request_error", "param": "messages", "code": None}}


@dataclass
class Generic(Provider):
    """An OpenAI-compatible server of unknown make with rough edges seen in the field: tool-call
    arguments as a JSON object (not a string), and now and then a 200 whose body is an HTML page."""

    name: str = "generic"
    html_every: int = 40
    count: int = 0

    def shape(self, body: Body, answer: Body) -> Body | str:
        self.count += 1
        if self.html_every and self.count % self.html_every == 0:
            self.seen.append("html_body")
            return "<html><body><h1>502 Bad Gateway</h1></body></html>"
        message = self.message(answer)
        calls = []
        for call in message.get("tool_calls") or []:
            fn = call["function"]
            calls.append({**call, "function": {**fn, "arguments": json.loads(fn["arguments"])}})
        if calls:
            self.seen.append("object_arguments")
            message["tool_calls"] = calls
        return {**answer, "choices": [{**answer["choices"][0], "message": message}]}


PROVIDERS: dict[str, type[Provider]] = {
    "generic": Generic, "openai": OpenAI, "openai-reasoning": OpenAIReasoning, "deepseek": DeepSeek,
    "qwen": Qwen, "vllm": VLLM, "sglang": SGLang, "ollama": Ollama, "llamacpp": LlamaServer,
    "llama-cpp-python": LlamaCppPython,
}
"""The mock of each profile, by the profile's name."""
