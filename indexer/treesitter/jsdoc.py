"""The names written inside JSDoc comments of TypeScript and JavaScript.

TypeScript binds what a ``/** ... */`` comment names: the target of ``{@link Foo}`` (also
``@linkcode``, ``@linkplain``, ``Foo.bar``, an instance member's ``Foo#bar``), of ``@see Foo``,
the types between the braces of a tag (``@param {Foo} x``, ``@returns {Promise<Foo>}``,
``@type {import('./a').Foo}``) and a constructor's ``@param`` tag naming a parameter property
(``@param x`` of ``private x?: T``: the property). Its references of ``Foo`` list those places
(measured with TypeScript 7; a name in a ``//`` comment or in prose is not among them),
though tree-sitter sees only a comment there. The semantic pass asks the definition at each of
them where it resolves a name by definition (``lsai.indexer.lsp.resolve``), as the names of
Python's string annotations (``annotations``), so that the usages of a name are the same
whichever way it is resolved.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from lsai.indexer.treesitter.source import Offsets
from lsai.storage.records import OccurrenceRecord, Span

LANGUAGES = frozenset(("typescript", "tsx", "javascript"))
_OPEN = re.compile(r"(?:^|(?<=[\s(,=:[]))/\*\*(?!/)", re.MULTILINE)
"""A JSDoc comment's start: at the start of its line or after a space, ``(``, ``,``, ``=``,
``:`` or ``[`` (a cast: ``foo(/** @type {Bar} */ (x))``, ``[/** ... */ (x)]``); a glob in a
string (``"src/**/*.js"``) follows a name."""
_LINK = re.compile(r"\{@link(?:code|plain)?\s+([^\W\d][\w$]*(?:[.#][^\W\d][\w$]*)*)")
_SEE = re.compile(r"@see\s+(?:\{\s*)?([^\W\d][\w$]*(?:[.#][^\W\d][\w$]*)*)")
"""``@see Foo``, ``@see {Foo}`` (TypeScript's ``parseJSDocNameReference`` skips an optional brace:
redux toolkit's ``@see {TaskAbortError}``); ``@see {@link Foo}`` is a link."""
_TAG_TYPE = re.compile(
    r"@(param|arg|argument|returns?|type|typedef|throws|exception|property|prop|this|enum"
    r"|extends|augments|implements|satisfies|template|callback)\s*\{"
)
"""A tag whose braces TypeScript's parser reads as a type; an unknown tag's (``@member
{Object|Null}``, ``@var``, ``@const``, ``@yields``: bookshelf's API docs) are prose, which tsgo's
references of the type leave out."""
_BARE_TAG_TYPE = re.compile(r"(?<![\w$])@(?:type|this|enum)[ \t]+(?=[^\s{@*])")
"""A tag whose type TypeScript reads without braces too (``parseJSDocTypeExpression`` with
``mayOmitBraces``: nodemailer's punycode ``@type String``), up to the end of its line; a
``@param``'s, ``@returns``'s, ``@typedef``'s type needs them (``@returns Foo`` names none)."""
CLOSURE_FUNCTION = re.compile(r"(?<![\w$.])function\s*\(")
"""A Closure compiler function type (``{function(Foo, Bar):void}``), which TypeScript 7 no longer
parses: tsgo's references leave out every name of the type from ``function(`` on (yjs's
``@param {function(Array<YEvent<any>>,Transaction):void} f``: ``Array``, ``YEvent``, ``Transaction``
extra; ``{Foo|function(Foo):void}`` names the first ``Foo`` alone), and the tag's name is no
parameter's (``f`` there: the parameter's references leave the tag out)."""
_AUGMENTS = re.compile(
    r"(?<![\w$])@(?:extends|augments|implements)[ \t]+([^\W\d][\w$]*(?:\.[^\W\d][\w$]*)*)"
)
"""A class's ``@extends Base<T>`` (``@augments``, ``@implements``) without braces: TypeScript
reads the base's dotted name and its type arguments (``parseExpressionWithTypeArgumentsForAugments``
makes the braces optional; yjs's ``@extends YEvent<YArray<T>>``: 4 missing); the rest of the
line is prose."""
PROPERTY_TAGS = frozenset(("property", "prop"))
"""Tags whose type TypeScript binds only as a ``@typedef``'s members (``_member_tags``):
mongoose's API docs' ``@property {Number} nextConnectionId`` beside ``@memberOf Mongoose``
name no type to tsgo, whose references of ``Number`` leave them out."""
PARAMETER_TAGS = frozenset(("param", "arg", "argument"))
LINE_TAG = re.compile(
    r"^[ \t]*\*?[ \t]*@(\w+)[ \t]*(?:\{([^{}\n]*)\})?[ \t]*\[?[ \t]*([\w$.\[\]]*)", re.MULTILINE
)
"""A tag opening a line of the comment (TypeScript parses a tag only there): its name, the type
between its braces (when they hold no braces) and the name it declares (``[options.key='x']``'s
``options.key``; ``list[].name`` is ``list.name`` to TypeScript)."""
OBJECT_TYPE = re.compile(r"\s*[Oo]bject(?:\s*\[\s*\])*\s*")
"""``{Object}``, ``{object}`` or ``{Object[]}``: the types TypeScript replaces with a literal of
the members the tags below declare (``typedef_members`` reads those of a ``@typedef``)."""
_WORD = re.compile(r"""(["'`]).*?\1|(?<![\w$])([^\W\d][\w$]*|\$[\w$]*)""")
_NOT_NAMES = frozenset(
    (
        "string", "number", "boolean", "bigint", "symbol", "any", "unknown", "void", "null",
        "undefined", "object", "never", "true", "false", "function", "typeof", "keyof",
        "import", "readonly", "infer", "extends", "is", "asserts", "new", "this", "unique",
    )
)  # fmt: skip
"""Keywords and primitive types: they name no declaration, so no request is spent on them."""
_GOES_ON = frozenset(
    (
        "typeof", "keyof", "readonly", "infer", "new", "asserts", "unique", "abstract", "is",
        "extends", "in", "as", "const",
    )
)  # fmt: skip
"""Words a type goes on after (``keyof T``) or with (``x is T``, ``T extends U``, ``K in T``,
``[K in keyof T as K]``): a word beside them does not end it."""


LINKED = re.compile(r"\{@link(?:code|plain)?\s+$")
"""What precedes a link's target on its line (``{@link X}``): TypeScript resolves it in every
meaning the name has, so tsgo's references of each merged declaration (``interface X`` and
``const X``) list it."""
_LINE_START = re.compile(r"\s*\*?\s*")  # the start of a line, of a JSDoc block's too


def before_name(lines: Sequence[str], line: int, col: int) -> str:
    """The text before the name at ``line:col`` (1-based) on its line; at a line's start (in
    a JSDoc block), the line before and a space (``{@linkcode`` ending it)."""
    if not 0 < line <= len(lines):
        return ""
    before = lines[line - 1][: col - 1]
    if line > 1 and _LINE_START.fullmatch(before):
        return lines[line - 2] + " "
    return before


def jsdoc_names(text: str) -> list[OccurrenceRecord]:
    """Each name a JSDoc comment of ``text`` binds, as a reference whose span is the name's
    (1-based line and column, in code points); the parts of a dotted name (``Foo.bar``,
    ``Foo#bar``) each."""
    if "/**" not in text:
        return []
    starts = Offsets(text)
    out: list[OccurrenceRecord] = []
    for body, offset in _blocks(text):
        if _no_cast(text, offset, offset + len(body) + 2):
            continue
        for found in (*_LINK.finditer(body), *_SEE.finditer(body)):
            out.extend(_dotted(found.group(1), offset + found.start(1), starts))
        out.extend(_parameter_properties(body, offset, text, starts))
        literals, members = _literal_tags(body), _member_tags(body)
        for tag in _TAG_TYPE.finditer(body):
            if tag.start() in literals:
                continue
            if tag.group(1) not in PROPERTY_TAGS or tag.start() in members:
                out.extend(_type_names(body, tag.end(), offset, starts))
        for tag in _BARE_TAG_TYPE.finditer(body):
            end = body.find("\n", tag.end())
            out.extend(
                _names_between(body, tag.end(), len(body) if end < 0 else end, offset, starts)
            )
        for tag in _AUGMENTS.finditer(body):
            out.extend(_augmented(body, tag, offset, starts))
    return sorted(out, key=lambda o: (o.span.start_line, o.span.start_col))


def _augmented(
    body: str, tag: re.Match[str], offset: int, starts: Offsets
) -> Iterator[OccurrenceRecord]:
    """The names of an ``@extends`` tag's base without braces (``_AUGMENTS``): its dotted name,
    then those of its type arguments (``<A, B<C>>``)."""
    yield from _dotted(tag.group(1), offset + tag.start(1), starts)
    if not body.startswith("<", tag.end()):
        return
    depth, end = 1, tag.end() + 1
    while end < len(body) and depth and body[end] != "\n":
        depth += {"<": 1, ">": -1}.get(body[end], 0)
        end += 1
    if depth == 0:
        yield from _names_between(body, tag.end() + 1, end - 1, offset, starts)


_PARENTHESIS = re.compile(r"[ \t]*\(")
"""A parenthesis after a JSDoc comment: a cast's where it is a whole operand (``_no_cast``)."""
_OPERAND_DUE = re.compile(
    r"(?:[=(,:?\[!&|+\-*/%<>~^]|(?<![\w$.])(?:return|yield|await|typeof|void|delete|case|in|of"
    r"|new|throw))$"
)
"""What the code before an expression's start ends with: an operator, an opening bracket, a
comma, a keyword taking an operand (``return``, ``=>``'s ``>``)."""
_SPACES = re.compile(r"\s*")
_BLANKS = re.compile(r"[ \t]*")
_CARRIED_ON = tuple(".[(+-*/%&|^<>=?`")
"""What a line opening with carries the expression of the line above on (``.items``, ``+ 1``)."""


def _no_cast(text: str, start: int, end: int) -> bool:
    """Whether the JSDoc comment of ``text`` from ``start`` (its body's) to ``end`` (after its
    ``*/``) comes before a parenthesis that is no cast: TypeScript ties the comment to the
    outermost node starting there, so only a parenthesis that is a whole operand is cast
    (``const a = /** @type {Array<T>} */ (b)``, ``return /** ... */ (b)``, ``f(/** ... */ (b),
    1)``, ``;(/** ... */ (b)).c``, an arrow's parameters); a statement's (``/** @type
    {Array<any>} */ (this.list).push(x)`` on its own line, after ``if (x)``), a member's
    object's (``const u = /** @type {{update: Uint8Array}} */ (s).update``), a binary
    expression's (``(b) + 1``) are not. tsgo's references leave their names out (yjs
    ``Array``, ``Map``: 14 and 5 extra; ``Uint8Array``: 1)."""
    opened = _PARENTHESIS.match(text, end)
    if opened is None:
        return False
    return not (_operand_due(text, start - 3) and _operand_ends(text, opened.end() - 1))


def _operand_due(text: str, at: int) -> bool:
    """Whether the code before ``at`` of ``text`` (past blank and comment lines) awaits an
    operand, as no statement's end does (``;``, ``}``, ``if (x)``, the file's start)."""
    opening = text.rfind("\n", 0, at) + 1
    code = text[opening:at].rstrip()
    while not code:
        if opening == 0:
            return False
        above = text.rfind("\n", 0, opening - 1) + 1
        code = text[above : opening - 1].split("//")[0].rstrip()
        code = "" if code.lstrip().startswith(("*", "/*")) else code
        opening = above
    return _OPERAND_DUE.search(code) is not None


def _operand_ends(text: str, parenthesis: int) -> bool:
    """Whether the parenthesized expression opening at ``parenthesis`` of ``text`` ends the
    operand: what follows its ``)`` is ``;``, ``,``, a closing bracket, ``:``, ``=>`` (an
    arrow's parameters), the end of the text, or the end of its line (a ``//`` comment aside)
    where the next does not carry the expression on (``.items``, ``+ 1``)."""
    closing = _closing(text, parenthesis)
    if closing < 0:
        return False
    at = _BLANKS.match(text, closing + 1).end()  # type: ignore[union-attr]  # matches anywhere
    if text.startswith("//", at):  # a comment ending the line
        at = text.find("\n", at) % (len(text) + 1)
    if at == len(text) or text.startswith("=>", at) or text[at] in ";,)]}:":
        return True
    if text[at] not in "\r\n":
        return False
    on = _SPACES.match(text, at).end()  # type: ignore[union-attr]  # matches anywhere
    return text.startswith(("//", "/*"), on) or not text.startswith(_CARRIED_ON, on)


def _closing(text: str, parenthesis: int) -> int:
    """Where the parenthesis opening at ``parenthesis`` of ``text`` closes (past strings);
    -1: nowhere."""
    depth, quote, at = 0, "", parenthesis
    while at < len(text):
        char = text[at]
        if quote:
            if char == "\\":
                at += 1  # an escaped character
            quote = "" if char == quote else quote
        elif char in "'\"`":
            quote = char
        elif char in "()":
            depth += 1 if char == "(" else -1
            if depth == 0:
                return at
        at += 1
    return -1


_CONSTRUCTOR = re.compile(r"\s*(?:(?:public|protected|private)\s+)?constructor\s*\(")
_PROPERTY_PARAMETER = re.compile(
    r"[(,]\s*(?:@[\w$.]+(?:\([^()]*\))?\s*)*"  # decorators
    r"(?:(?:public|protected|private|readonly|override)\s+)+([^\W\d][\w$]*|\$[\w$]*)"
)
"""A parameter property's name after its modifiers (``protected readonly x?: T``), at the start
of a parameter (not ``{ readonly a: T }`` in a parameter's type)."""


def _parameter_properties(
    body: str, offset: int, text: str, starts: Offsets
) -> Iterator[OccurrenceRecord]:
    """The ``@param`` tags of a comment right before a constructor that name one of its
    parameter properties: the parameter is the property, so tsgo's references of the property
    list the tag (rxjs OperatorSubscriber's ``@param onFinalize``: usages and rename "missing").
    Other parameters are locals, whose tags ``scopes.parameter_docs`` finds."""
    after = offset + len(body) + 2
    opened = _CONSTRUCTOR.match(text, after)
    if opened is None or "@" not in body:
        return
    depth, end = 1, opened.end()
    while end < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        end += 1
    listed = _PROPERTY_PARAMETER.finditer(text, opened.end() - 1, end)
    properties = {m.group(1) for m in listed}
    for tag in LINE_TAG.finditer(body):
        if tag.group(1) in PARAMETER_TAGS and (name := declared_name(tag)) in properties:
            yield _occurrence(name, offset + tag.start(3) + tag.group(3).find(name), starts)


def _literal_tags(body: str) -> set[int]:
    """Where the tags whose ``{Object}`` names no type start (at their ``@``): a ``@param
    {Object} options`` the next tags extend (``@param {string} [options.key]``, prose lines
    between them), a ``@typedef {Object} Opts`` followed by ``@property`` tags, a property
    with properties of its own. TypeScript's parser (``parseNestedTypeLiteral``) makes its
    type a literal of those members, so its references of ``Object`` leave them out (passport's
    ``@param {Object} [options]``: 4 "extra")."""
    tags = list(LINE_TAG.finditer(body))
    out = set()
    for i, tag in enumerate(tags):
        kind, braces, name = tag.group(1), tag.group(2), declared_name(tag)
        if braces is None or not OBJECT_TYPE.fullmatch(braces) or i + 1 == len(tags):
            continue
        after, child = tags[i + 1].group(1), declared_name(tags[i + 1])
        if kind == "typedef":
            extended = after in PROPERTY_TAGS
        else:
            family = next((f for f in (PARAMETER_TAGS, PROPERTY_TAGS) if kind in f), frozenset())
            extended = after in family and child.rpartition(".")[0] == name
        if extended:
            out.add(tag.start(1) - 1)
    return out


def _member_tags(body: str) -> set[int]:
    """Where the property tags declaring a ``@typedef``'s members start (at their ``@``): those
    right after a typedef of no type or of ``{Object}``, up to the first other tag (``@type``
    aside), as TypeScript's parser (``parseTypedefTag``) reads them and ``typedef_members``
    does. A property tag after another tag (sinon's ``@typedef {object} PropertyDescriptor``,
    ``@see https://...``, then ``@property {Function} get``) or under a typedef of another
    type (``{{isOwn: boolean} & PropertyDescriptor}``) declares nothing: no use of its type."""
    out, open_ = set(), False
    for tag in LINE_TAG.finditer(body):
        if tag.group(1) == "typedef":
            braces = tag.group(2)
            open_ = has_members(braces) and not (braces is None and body.startswith("{", tag.end()))
        elif tag.group(1) in PROPERTY_TAGS:
            if open_:
                out.add(tag.start(1) - 1)
        elif tag.group(1) != "type":
            open_ = False
    return out


def has_members(braces: str | None) -> bool:
    """Whether TypeScript reads the property tags after a ``@typedef`` whose braces hold
    ``braces`` as its members: it has no type, or ``Object``/``object`` (or an array of it)."""
    return braces is None or OBJECT_TYPE.fullmatch(braces) is not None


def declared_name(tag: re.Match[str]) -> str:
    """The name a tag declares, as TypeScript reads it: ``list[].name`` is ``list.name``, the
    brackets of an optional ``[options]`` closed."""
    return tag.group(3).replace("[]", "").rstrip("]")


def _blocks(text: str) -> Iterator[tuple[str, int]]:
    """Each JSDoc comment's text and where it starts, in one pass (an opening never closed ends
    the search: a regex would scan to the end once per later opening)."""
    at = 0
    while (opening := _OPEN.search(text, at)) is not None:
        start = opening.end()
        end = text.find("*/", start)
        if end < 0:
            return
        yield text[start:end], start
        at = end + 2


def _type_names(body: str, start: int, offset: int, starts: Offsets) -> Iterator[OccurrenceRecord]:
    """The names of the type between the braces that open before ``start`` (nested braces
    included: ``{{ a: Foo }}``), not those in quotes (``import('./a')``)."""
    depth, end = 1, start
    while end < len(body) and depth:
        depth += {"{": 1, "}": -1}.get(body[end], 0)
        end += 1
    return _names_between(body, start, end - 1 if depth == 0 else end, offset, starts)


def _names_between(
    body: str, start: int, end: int, offset: int, starts: Offsets
) -> Iterator[OccurrenceRecord]:
    """The names of the one type written from ``start`` up to ``end`` of ``body``."""
    closure = CLOSURE_FUNCTION.search(body, start, end)
    end = closure.start() if closure else end
    before, after = "", start
    for found in _WORD.finditer(body, start, end):
        name = found.group(2)
        if name and before and _ends_type(body[after : found.start()], before, name):
            return
        if name and name not in _NOT_NAMES:
            yield _occurrence(name, offset + found.start(2), starts)
        before, after = found.group(), found.end()


def _ends_type(gap: str, before: str, name: str) -> bool:
    """Whether the type between a tag's braces ended before ``name``: the word ``before`` it
    (or a quoted string) is followed by nothing but spaces (a JSDoc line's ``*`` among them), and
    neither carries the type on (``x is Foo``, ``T extends U``, ``keyof Foo``, ``K in keyof T``).
    TypeScript's parser reads one type and takes the next word for the tag's name: nedb's
    ``@param {Document or Array of documents} newData`` names ``Document`` alone, ``or`` is
    the parameter (tsgo answers none there), the rest its comment."""
    return (
        not gap.replace("*", " ").strip()
        and bool(gap)
        and before not in _GOES_ON
        and name not in _GOES_ON
    )


def _dotted(path: str, at: int, starts: Offsets) -> Iterator[OccurrenceRecord]:
    for part in re.split(r"[.#]", path):
        yield _occurrence(part, at, starts)
        at += len(part) + 1


def _occurrence(name: str, at: int, starts: Offsets) -> OccurrenceRecord:
    line, col = starts.position(at)
    return OccurrenceRecord(name, "reference", Span(line, col, line, col + len(name)))
