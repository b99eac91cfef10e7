"""The word a two-way question answers with: 'did Peru win more or less gold medals than Chile?'
is answered 'more' or 'less', 'is the speed above or below 10 MHz?' 'above' or 'below', not yes/no.
A yes/no plan (CheckArgs, or AgainstArgs asking check) carries the two words in `answers` (the word
for yes, then the word for no; set by the router's two_way reading only, hidden from the tools'
schemas); after the plan runs, `with_said` puts the word the answer picks on the CheckResult (its
`said`), which the phrasing leads with and the scorer reads. A 'no' is the other word only when the
two values differ: a compare or against test whose two numbers are equal (or either missing)
raises BadPredicate (neither word is right); a plan without the words dumps as before (agent.plan.drop_empty_answers); an any test over one named row is read only when that
row holds a number other than the threshold (router/two_way.py checks it on the table)."""

from __future__ import annotations

from agent.errors import BadPredicate
from agent.results import CheckResult


def with_said(plan: object, result: object) -> object:
    """`result` with `said` set to the word of `plan.answers` its yes/no answer picks; `result`
    unchanged for a plan without answers or a result that is no CheckResult. Raises BadPredicate
    when the two numbers compared are equal or missing (neither word answers)."""
    answers = getattr(plan, "answers", None) or []
    if len(answers) != 2 or not isinstance(result, CheckResult):
        return result
    if result.check == "compare":
        values = list(result.deciding.values())[:2]
        if len(values) < 2 or any(v is None or isinstance(v, str) for v in values) or values[0] == values[1]:
            raise BadPredicate(next(iter(result.deciding), "(none)"), "compare",
                               f"the two values compared are {values}: neither {answers[0]!r} nor {answers[1]!r}")
    return result.model_copy(update={"said": answers[0] if result.answer else answers[1]})
