"""Tally's tools over MCP (official Python SDK, low-level server): the toolset's tools with their
derived JSON schemas, and each table's profile as a resource `tally://<table>/profile`.

A call returns the ToolSuccess as JSON text and as structuredContent (typed result with
provenance; outputSchema is derived from ToolSuccess). A failed call is a CallToolResult with
isError=True carrying the ToolFailure (error kind, message, suggestions...), never a crash."""

from __future__ import annotations

import importlib.metadata
import json
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from agent.tools import ToolFailure, ToolSuccess
from agent.toolset import Toolset

PROFILE_URI = "tally://{table}/profile"
JSON_MIME = "application/json"


def _mcp_tools(toolset: Toolset) -> list[types.Tool]:
    output_schema = ToolSuccess.model_json_schema(mode="serialization")
    return [types.Tool(name=t.name, description=t.description, input_schema=t.parameters,
                       output_schema=output_schema) for t in toolset.tools.values()]


def tool_result(outcome: ToolSuccess | ToolFailure) -> types.CallToolResult:
    """The MCP result of one tool outcome: JSON text plus the same dict as structured content;
    is_error for a ToolFailure."""
    data = outcome.model_dump(mode="json")
    return types.CallToolResult(content=[types.TextContent(text=json.dumps(data))],
                                structured_content=data, is_error=isinstance(outcome, ToolFailure))


def _resources(toolset: Toolset) -> list[types.Resource]:
    return [types.Resource(uri=PROFILE_URI.format(table=name), name=f"{name} profile",
                           description=f"Profile of table {name}: columns, roles, nulls, distinct values.",
                           mime_type=JSON_MIME) for name in toolset.names]


def build_server(toolset: Toolset) -> Server:
    """A low-level MCP Server exposing `toolset`: tools/list, tools/call, resources/list,
    resources/read. Reading an unknown resource URI is an INVALID_PARAMS protocol error."""
    tools = _mcp_tools(toolset)
    uris = {PROFILE_URI.format(table=name): name for name in toolset.names}

    async def list_tools(ctx: ServerRequestContext, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = dict(params.arguments or {})
        # pandas work is synchronous; keep the event loop free to answer pings meanwhile.
        outcome = await anyio.to_thread.run_sync(toolset.call, params.name, arguments)
        return tool_result(outcome)

    async def list_resources(ctx: ServerRequestContext, params: Any) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=_resources(toolset))

    async def read_resource(ctx: ServerRequestContext,
                            params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        name = uris.get(str(params.uri))
        if name is None:
            raise MCPError(types.INVALID_PARAMS, f"No resource {params.uri!r}. Resources: {', '.join(uris)}.")
        text = toolset.profile(name).model_dump_json()
        return types.ReadResourceResult(
            contents=[types.TextResourceContents(uri=str(params.uri), mime_type=JSON_MIME, text=text)])

    return Server("tally", version=_version(), instructions=_instructions(toolset), on_list_tools=list_tools,
                  on_call_tool=call_tool, on_list_resources=list_resources,
                  on_read_resource=read_resource)


def _version() -> str:
    try:
        return importlib.metadata.version("tally")
    except importlib.metadata.PackageNotFoundError:  # running from a source tree
        return ""


def _instructions(toolset: Toolset) -> str:
    tables = ", ".join(f"{name} ({table.rows:,} rows)" for name, table in toolset.tables.items())
    return (f"Exact answers over whole tables: {tables}. Read a table's profile resource for its "
            "columns and values; every result carries its provenance.")


async def serve_stdio(toolset: Toolset) -> None:
    """Serve `toolset` over stdin/stdout until the client closes the connection."""
    from mcp.server.stdio import stdio_server

    server = build_server(toolset)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(toolset: Toolset) -> None:
    """Blocking entry point for `tally mcp`."""
    anyio.run(serve_stdio, toolset)
