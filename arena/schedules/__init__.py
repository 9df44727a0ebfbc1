"""Judge schedules of the rule sets that do not derive theirs from their phase table and landmarks:
``arena.schedules.<id>.SCHEDULE``.

``arena.judge.scenario.schedule_of`` finds them by rule set id, so adding a rule set to ``arena judge``
touches no shared file.
"""
