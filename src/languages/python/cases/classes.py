# Error classes the file defines, for the class table (resolved across the tree
# in assemble): the message the class fixes, with holes naming constructor
# parameters; codes, statuses, docstrings, string attributes, the arguments
# passed to the base. Classes without bases are not reported. (Marks:
# src/languages/CASES.md.)


# --- the message from the base constructor

# expect-class: NotFound "Not found: {name}" holes: name:repr bases: LookupError params: name
class NotFound(LookupError):
    def __init__(self, name, *args, **kw):
        super().__init__(f"Not found: {name!r}")


# expect-class: NoSection "No section: {section}" bases: Error params: section, source
class NoSection(Error):
    def __init__(self, section, source=None):
        Error.__init__(self, "No section: %r" % (section,))


# expect-class: BadX "bad x {x}" bases: Error params: x
class BadX(Error):
    def __init__(self, x):
        super(BadX, self).__init__("bad x {}".format(x))


# a passthrough constructor, and a class without a message
# expect-class: Error "{msg}" holes: msg bases: Exception params: msg
class Error(Exception):
    def __init__(self, msg):
        Exception.__init__(self, msg)


# expect-class: Plain - bases: Error params: none
class Plain(Error):
    pass


# --- __str__ and self.message

# self.attr is mapped to the constructor parameter it holds
# expect-class: Bad "bad path {path}: {why}" holes: path, reason bases: ValueError params: path, reason
class Bad(ValueError):
    def __init__(self, path, reason=None):
        self.path = path
        self.why = reason

    def __str__(self):
        return "bad path %s: %s" % (self.path, self.why)


# self.message set in __init__ and returned by __str__
# expect-class: CannotLoad "cannot load {name}" params: name
class CannotLoad(Exception):
    def __init__(self, name):
        self.message = f"cannot load {name}"

    def __str__(self):
        return self.message


# __str__ calling a method that formats a class attribute template
# expect-class: DistributionNotFound "The '{req}' distribution was not found and is required by {requirers_str}"
# ... from: str bases: ResolutionError
class DistributionNotFound(ResolutionError):
    _template = (
        "The '{self.req}' distribution was not found "
        "and is required by {self.requirers_str}"
    )

    def report(self):
        return self._template.format(**locals())

    def __str__(self):
        return self.report()


# --- class attributes: message templates, codes, statuses, strings

# expect-class: NoCreds "Unable to locate credentials at {path}" holes: path bases: BotoCoreError
class NoCreds(BotoCoreError):
    fmt = "Unable to locate credentials at {path}"


# expect-class: Http404 "Not found." status: 404 bases: APIException
class Http404(APIException):
    status_code = 404
    default_detail = "Not found."
    default_code = "not_found"


# expect-class: Coded "coded failure" code: E_CODED
class Coded(Exception):
    code = "E_CODED"
    message: str = "coded failure"


# expect-class: InsecureTransportError bases: OAuth2Error
# ... attrs: error="insecure_transport" description="OAuth 2 MUST utilize https."
class InsecureTransportError(OAuth2Error):
    error = 'insecure_transport'
    description = ('OAuth 2 MUST '
        'utilize https.')
    status_code = 400


# --- docstrings, and whether the class says its docstring

# expect-class: DNSException doc: "Abstract base class shared by all dnspython exceptions." uses-doc: yes
class DNSException(Exception):
    """Abstract base class shared by all dnspython exceptions."""
    msg = None
    def __init__(self, *args, **kwargs):
        if self.msg is None:
            self.msg = self.__doc__
        super().__init__(self.msg)


# expect-class: LabelTooLong doc: "A DNS label is > 63 octets long." uses-doc: no bases: DNSException
class LabelTooLong(DNSException):
    """A DNS label is > 63 octets long."""


# --- arguments to the base constructor, defaults

# expect-class: InvalidNumberError from: super super-args: "{line}" "{col}" message="Invalid number" bases: ParseError
class InvalidNumberError(ParseError):
    def __init__(self, line, col):
        message = "Invalid number"
        super().__init__(line, col, message=message)


# a parameter defaulted in a branch: the f-string reads `message` as written (the parameter)
# expect-class: ParseError "{message} at line {line}" bases: ValueError
class ParseError(ValueError):
    def __init__(self, line, message=None):
        if message is None:
            message = "TOML parse error"
        super().__init__(f"{message} at line {line}")


# ...and a class passing it on whole has both messages
# expect-class: DefaultText "Default text" alts: "{msg}"
class DefaultText(ValueError):
    def __init__(self, msg=None):
        if msg is None:
            msg = "Default text"
        super().__init__(msg)


# what __str__ returns with and without a branch's `+=`, over the same parameters: a branch of every raise
# expect-class: TemplateError "{msg}\n - String: {token}" from: str
# ... branches: "{msg}\n - String: {token}\n - Filename: {filename}"
class TemplateError(Exception):
    def __init__(self, msg, token):
        Exception.__init__(self, msg, token)

    def __str__(self):
        text = "%s\n" % self.args[0]
        text += " - String: %s" % self.token
        if self.filename:
            text += "\n - Filename: %s" % self.filename
        return text


# --- what is not read

# no bases: no class; a metaclass keyword is no base
class NoBases:
    pass


# expect-class: WithMeta bases: Base
class WithMeta(Base, metaclass=M):
    pass


# the __init__ of a nested class is not the outer class's
# expect-class: O params: none
class O(Exception):
    class N:
        def __init__(self, a):
            pass


# --- lower-case classes of the file and re.error-style names are classes at raise sites

# expect-class: error - bases: Exception
class error(Exception):
    pass


raise error("x")  # expect: error "x"
raise socket.timeout("t")  # expect: socket.timeout "t"


# a local of __str__ with a string default: each default alone is a branch of the class
# expect-class: ParseError "{ident}:{line}: {_msg}" bases: Exception params: msg, sysid branches: "<unknown>:{line}: {_msg}"
class ParseError(Exception):
    def __init__(self, msg, sysid):
        self._msg = msg
        self._sysid = sysid

    def __str__(self):
        ident = self.system_id()
        if ident is None:
            ident = "<unknown>"
        line = self.line()
        return "%s:%s: %s" % (ident, line, self._msg)


# `' '.join(self.args)`: the one argument the base was given, its constructor's message parameter
# expect-class: JoinedError "{message}" params: message, position
class JoinedError(Exception):
    def __init__(self, message, position=None):
        Exception.__init__(self, message)
        self.position = position

    def __str__(self):
        return ' '.join(self.args)


raise JoinedError('No {{endif}}', position=3)  # expect: JoinedError "No {{endif}}"


# given two, the joined arguments are not one parameter
# expect-class: PairError "{args}" params: a, b
class PairError(Exception):
    def __init__(self, a, b):
        Exception.__init__(self, a, b)

    def __str__(self):
        return ' '.join(self.args)


# --- parts of a joined message left out for a None argument (ruamel.yaml's and PyYAML's
# MarkedYAMLError), and a format helper of another module given its fields by keyword
from .compat import _F


# expect-class: MarkedError "{context}\n{context_mark}\n{problem}\n{problem_mark}" params: context, context_mark, problem, problem_mark
class MarkedError(Exception):
    def __init__(self, context=None, context_mark=None, problem=None, problem_mark=None):
        self.context = context
        self.context_mark = context_mark
        self.problem = problem
        self.problem_mark = problem_mark

    def __str__(self):
        lines = []
        if self.context is not None:
            lines.append(self.context)
        if self.context_mark is not None and (self.problem is None or self.problem_mark is None):
            lines.append(str(self.context_mark))
        if self.problem is not None:
            lines.append(self.problem)
        if self.problem_mark is not None:
            lines.append(str(self.problem_mark))
        return '\n'.join(lines)


def compose(alias, mark):
    # (the site's arguments: assemble binds them to the class's parts, leaving out the two None ones)
    raise MarkedError(None, None, _F('found undefined alias {alias!r}', alias=alias), mark)  # expect: MarkedError "found undefined alias {alias}" args: "None" "None" "found undefined alias {alias}" "{mark}"


def parse(marks, token, want):
    raise MarkedError('while parsing a flow sequence', marks[-1], _F('expected {want}, but got {got!r}', want=want, got=token.id), token.start_mark)  # expect: MarkedError "while parsing a flow sequence" args: "while parsing a flow sequence" "{marks}" "expected {want}, but got {id}" "{start_mark}"


# `*args` of a local list literal: the call's arguments are its elements
def duplicate(node, key):
    args = ['while constructing a mapping', node.start_mark, "found duplicate key '%s'" % key]
    raise MarkedError(*args)  # expect: MarkedError "while constructing a mapping" args: "while constructing a mapping" "{start_mark}" "found duplicate key '{key}'"


# (a list changed after it is written is not known: the arguments stay a splat)
def grown(node, key):
    args = ['while constructing a mapping']
    args.append(key)
    raise MarkedError(*args)  # expect: MarkedError - args: "{args}"
