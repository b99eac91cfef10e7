"""List columns (agent/list_columns.py) as SQL syntax trees: the cell's items as a LIST of trimmed
text, membership and emptiness predicates over it, and the items (not the cells) as the values
that frequency, distinct and COUNT(DISTINCT) count. DuckDB functions (list_transform,
regexp_split_to_array, list_has_any, unnest), built as sqlglot nodes, never as text.

Semantics: `contains`, `=` and `in` test membership (an item equal to a value, case and
surrounding spaces ignored); `!=` and `not in` its absence (missing cells match neither); `is null`
matches a missing cell or an empty list, `is not null` a list with an item. `=` / `!=` with a value
that is itself a list ('[No gluten, Vegan]', the text of a whole cell) compare the whole list, as
sets of items."""

from __future__ import annotations

from pydantic import BaseModel
from sqlglot import exp

from agent.errors import BadPredicate
from agent.list_columns import QUOTES, SPLIT, ListForm, split_items
from agent.plan import Op, Predicate
from agent.predicates import operands

MEMBER = (Op.contains, Op.eq, Op.in_)
ABSENT = (Op.ne, Op.not_in)


def _fn(name: str, *args: exp.Expression) -> exp.Expression:
    return exp.Anonymous(this=name, expressions=list(args))


def _lambda(body: exp.Expression) -> exp.Lambda:
    return exp.Lambda(this=body, expressions=[exp.to_identifier("x")])


def _x() -> exp.Column:
    return exp.column("x")


def items(name: str, form: str) -> exp.Expression:
    """The cell's items as LIST(VARCHAR), trimmed and unquoted, empty items dropped."""
    cell = exp.Column(this=exp.to_identifier(name, quoted=True))
    if form == ListForm.native:
        raw = _fn("list_transform", cell, _lambda(exp.cast(_x(), "VARCHAR")))
    elif form == ListForm.json:
        raw = _fn("json_extract_string", cell, exp.Literal.string("$[*]"))
    else:
        text = exp.Trim(this=cell)
        if form == ListForm.brackets:
            text = _fn("regexp_replace", text, exp.Literal.string(r"^\[|\]$"), exp.Literal.string(""),
                       exp.Literal.string("g"))
        raw = _fn("regexp_split_to_array", text, exp.Literal.string(SPLIT[ListForm(form)]))
    trimmed = _fn("list_transform", raw, _lambda(_fn("trim", _x(), exp.Literal.string(QUOTES))))
    return _fn("list_filter", trimmed, _lambda(exp.NEQ(this=_x(), expression=exp.Literal.string(""))))


def _folded(name: str, form: str) -> exp.Expression:
    return _fn("list_transform", items(name, form), _lambda(exp.Lower(this=_x())))


def _length(name: str, form: str) -> exp.Expression:
    return _fn("len", items(name, form))


def condition(name: str, form: str, p: Predicate) -> exp.Expression:
    """One predicate on a list column as a boolean tree (see the module doc). Raises BadPredicate
    for an operator that does not apply to lists (ordering, between, latest)."""
    cell = exp.Column(this=exp.to_identifier(name, quoted=True))
    present = exp.Not(this=exp.Is(this=cell, expression=exp.Null()))
    if p.op is Op.is_null:
        return exp.or_(exp.Is(this=cell.copy(), expression=exp.Null()),
                       exp.EQ(this=_length(name, form), expression=exp.convert(0)))
    if p.op is Op.not_null:
        return exp.and_(present, exp.GT(this=_length(name, form), expression=exp.convert(0)))
    if p.op not in MEMBER + ABSENT:
        raise BadPredicate(name, p.op, f"{name!r} holds lists: test its items with contains / != / not in, "
                                       "or an empty list with is null")
    values = operands(p)
    if p.op in (Op.eq, Op.ne) and len(whole := as_list(values[0], form)) != 1:  # a whole cell: '[a, b]'
        same = exp.EQ(this=_fn("list_sort", _folded(name, form)),
                      expression=_fn("list_sort", exp.Array(expressions=[exp.convert(i.lower()) for i in whole])))
        return same if p.op is Op.eq else exp.and_(present, exp.Not(this=same))
    wanted = exp.Array(expressions=[exp.convert(str(v).strip().lower()) for v in values])
    hit = _fn("list_has_any", _folded(name, form), wanted)
    return hit if p.op in MEMBER else exp.and_(present, exp.Not(this=hit))


def as_list(value: object, form: str) -> list[str]:
    """The items a compared value spells: one item for 'Vegan', several for '[No gluten, Vegan]'
    (the text of a whole cell, as a value index may offer it)."""
    text_form = ListForm.brackets if form in (ListForm.native, ListForm.json) else ListForm(form)
    text = str(value).strip()
    if form in (ListForm.native, ListForm.json) and not text.startswith("["):
        return [text]
    return split_items(text, text_form) or []


def as_membership(p: Predicate, form: str) -> Predicate:
    """A predicate on a list column written as what it tests: '=' with one item becomes membership
    (`contains`), so the operation and the restatement say "tags contains 'airport'"; in '=', '!=',
    'in' and 'not in' a one-item cell's text ('["airport"]', as a value index offers it) becomes
    the item. Any other predicate unchanged (a whole list '[a, b]' stays a comparison of lists)."""
    if p.op in (Op.eq, Op.ne) and len(spelled := as_list(p.value, form)) == 1:
        return p.model_copy(update={"op": Op.contains if p.op is Op.eq else Op.ne, "value": spelled[0]})
    spelled = [as_list(v, form) for v in p.values or []] if p.op in (Op.in_, Op.not_in) else []
    if spelled and all(len(items) == 1 for items in spelled):
        return p.model_copy(update={"values": [items[0] for items in spelled]})
    return p


def memberships(plan: object, lists: dict[str, str]) -> object:
    """`plan` (any typed plan, its predicates at any depth) with each predicate on a column of
    `lists` ({column: ListForm}) rewritten by `as_membership`; the same object when none changes."""
    if isinstance(plan, Predicate):
        return as_membership(plan, lists[plan.column]) if plan.column in lists else plan
    if isinstance(plan, list):
        done = [memberships(v, lists) for v in plan]
        return plan if all(a is b for a, b in zip(done, plan)) else done
    if isinstance(plan, BaseModel):
        changed = {name: new for name in type(plan).model_fields
                   if (new := memberships(old := getattr(plan, name), lists)) is not old}
        return plan.model_copy(update=changed) if changed else plan
    return plan


def distinct_items(name: str, form: str) -> exp.Expression:
    """COUNT(DISTINCT item) as one aggregate expression: len(list_distinct(flatten(list(items))))."""
    return _fn("len", _fn("list_distinct", _fn("flatten", exp.ArrayAgg(this=items(name, form)))))
