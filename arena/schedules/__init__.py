"""Judge schedules of the rule sets other than umineko32: ``arena.schedules.<id>.SCHEDULE``.

``arena.scenario.schedule_of`` finds them by rule set id, so adding a rule set to ``arena judge``
touches no shared file.
"""
