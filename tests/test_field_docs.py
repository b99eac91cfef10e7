"""Field descriptions from attribute docstrings (agent/field_docs.py) are the ones pydantic's own
extractor reads from the same classes, and the schema carries them."""

from pydantic import Field
from pydantic._internal._docs_extraction import extract_docstrings_from_cls

from agent.field_docs import Documented
from agent.per_entity import PerEntityArgs
from agent.plan import AggregateArgs, Predicate, RatioArgs
from agent.positions import PositionArgs
from agent.queries import RankArgs


class Sample(Documented):
    """A model written here, so its docstrings are known by hand."""

    required: str
    """First line.

        Indented second line."""
    plain: int = 3
    """A plain default."""
    limited: int = Field(default=1, ge=1)
    """A Field default with a bound."""
    listed: list[str] = Field(default_factory=list)
    """A default factory."""
    named: str = Field(default="x", description="its own")
    """Not used: the field's own description wins."""
    bare: int = 0

    def method(self) -> str:
        """A method's docstring documents no field."""
        return self.required


def test_docstrings_become_descriptions_as_written():
    fields = Sample.model_fields
    assert fields["required"].description == "First line.\n\nIndented second line."
    assert fields["required"].is_required()
    assert (fields["plain"].description, fields["plain"].default) == ("A plain default.", 3)
    assert (fields["limited"].description, fields["limited"].default) == ("A Field default with a bound.", 1)
    assert fields["listed"].description == "A default factory." and fields["listed"].default_factory is list
    assert fields["named"].description == "its own"
    assert fields["bare"].description is None
    assert Sample.model_json_schema()["properties"]["limited"] == {
        "default": 1, "description": "A Field default with a bound.", "minimum": 1, "title": "Limited", "type": "integer"}


def test_the_plans_descriptions_are_the_ones_pydantic_reads():
    for model in (Predicate, AggregateArgs, RatioArgs, RankArgs, PositionArgs, PerEntityArgs):
        docs = extract_docstrings_from_cls(model, use_inspect=True)
        assert docs, model
        for name, field in model.model_fields.items():
            assert field.description == docs.get(name), (model.__name__, name)
