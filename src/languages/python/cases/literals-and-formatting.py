# Messages written at the raise: literals, concatenation, f-strings, % and
# str.format, format() helpers, constants put into formatting, and classes
# that format their own arguments. (Marks: src/languages/CASES.md.)

# --- literals and concatenation (module level: no symbol)

raise ValueError("plain")  # expect: ValueError "plain" symbol: - guards: none args: "plain"
raise ValueError("a" 'b' r"\d")  # expect: ValueError "ab\\d"
raise ValueError("bad: " + name + "!")  # expect: ValueError "bad: {name}!" holes: name
raise ValueError("bad: " + str(x) + repr(y))  # expect: ValueError "bad: {x}{y}"
raise ValueError(f"bad {x!r}: {y:.2f}")  # expect: ValueError "bad {x}: {y}" holes: x:repr, y:float
raise ValueError("a %s b %d" % (x, y))  # expect: ValueError "a {x} b {y}" holes: x, y:int
raise ValueError("a %s" % x)  # expect: ValueError "a {x}"
raise ValueError("%(name)s missing" % {"name": v})  # expect: ValueError "{v} missing"
raise ValueError("%(name)s missing" % locals())  # expect: ValueError "{name} missing"
raise ValueError("{} bad {k}".format(a, k=b))  # expect: ValueError "{a} bad {b}"
raise ValueError(", ".join(items))  # expect: ValueError "{items}"
raise ValueError(_("translated %s") % x)  # expect: ValueError "translated {x}"
raise ValueError(msg)  # expect: ValueError "{msg}" holes: msg

# --- every prefix and quote style, escapes

raise ValueError("a\n")  # expect: ValueError "a\n"
raise ValueError('a\'b')  # expect: ValueError "a'b"
raise ValueError(r"\d+")  # expect: ValueError "\\d+"
raise ValueError(b'\x41')  # expect: ValueError "A"
raise ValueError(Rb'\x41')  # expect: ValueError "\\x41"
raise ValueError(u"x")  # expect: ValueError "x"
# expect: ValueError "tri \"quoted\"\nline"
raise ValueError("""tri "quoted"
line""")
raise ValueError('''x''')  # expect: ValueError "x"
raise ValueError("tab\t{x}")  # expect: ValueError "tab\t{x}"
raise ValueError(f"tab\t{x}")  # expect: ValueError "tab\t{x}"
raise ValueError(rf"raw\t{x}")  # expect: ValueError "raw\\t{x}"

# --- f-string fields

raise ValueError(f"{x=}")  # expect: ValueError "x={x}" holes: x:repr
raise ValueError(f"{{lit}} {d['k']}")  # expect: ValueError "{lit} {d}" holes: d['k']
raise ValueError(f"{', '.join(names)}")  # expect: ValueError "{names}" holes: ', '.join(names)
raise ValueError(f"{x:{width}}")  # expect: ValueError "{x}" holes: x
raise ValueError(f"{self.obj.poll()}")  # expect: ValueError "{poll}"
raise ValueError(f"{str(e)} / {repr(e)}")  # expect: ValueError "{e} / {e}" holes: e, e:repr

# --- format() helpers with % templates


def parse_size(size, tokens):
    msg = "Failed to parse size! (input %r was tokenized as %r)"
    raise InvalidSize(format(msg, size, tokens))  # expect: InvalidSize "Failed to parse size! (input {size} was tokenized as {tokens})"


def builtin_format(x):
    # the builtin format(value, spec) is left alone
    raise ValueError(format(x, ".2f"))  # expect: ValueError "{x}"


# --- constants put into % formatting


def assert_called(expected):
    actual = 'not called.'
    raise AssertionError('Expected: %s\nActual: %s' % (expected, actual))  # expect: AssertionError "Expected: {expected}\nActual: not called."


def count_items(n):
    # a string constant for %r is a value, not text
    raise ValueError('%d items in %r' % (n, 'box'))  # expect: ValueError "{n} items in {value}"


def unpack(c):
    raise ValueError("too many values" if c else "too few values")  # expect: ValueError "too many values" alts: "too few values"


# --- messages formatted by the exception class


def check_length(uint, length):
    # positional fields passed with as many further arguments are those arguments
    raise CreationError("{0} is too large for length {1}.", uint, length)  # expect: CreationError "{uint} is too large for length {length}."


def unexpected(tok):
    raise ParseError("unexpected %r", tok)  # expect: ParseError "unexpected {tok}"


def too_few(a):
    # not enough arguments, or named fields: the text is left alone
    raise E("{0} and {1}", a)  # expect: E "{0} and {1}"
    raise E("{name} is bad", a)  # expect: E "{name} is bad"


# --- textwrap.dedent: the text as Python prints it, its common indentation and blank lines' spaces gone
import textwrap
from textwrap import dedent


def dedented(name):
    raise ValueError(textwrap.dedent("    Unknown option %s.\n      See the manual\n    " % name))  # expect: ValueError "Unknown option {name}.\n  See the manual\n"


def dedented_bare(path):
    raise ValueError(dedent(f"\n        Cannot read {path}:\n            it is a directory\n    "))  # expect: ValueError "\nCannot read {path}:\n    it is a directory\n"
