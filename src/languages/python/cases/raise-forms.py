# What a raise raises: the class as written, its arguments, code and status;
# bare classes, `from`, keyword messages; rethrows; variables holding the
# exception; factories; conditional raises. (Marks: src/languages/CASES.md.)

if x:
    # the first argument is not text, a later one is: the text is the message
    # expect: errors.NotFound "missing" column: 5 severity: error code: E42 status: 404 guards: if x @5
    # ... args: "{name}" "missing" code="E42" status_code="404" exprs: name, "missing", "E42", 404
    raise errors.NotFound(name, "missing", code="E42", status_code=404)

raise StopIteration  # expect: StopIteration - args: none
raise KeyError() from None  # expect: KeyError - args: none
raise MyError(message="kw %s" % x)  # expect: MyError "kw {x}"

try:
    f()
except OSError as e:
    raise RuntimeError("wrapped") from e  # expect: RuntimeError "wrapped" guards: except OSError as e @17

# --- rethrows of the caught exception are no sites

try:
    f()
except (OSError, KeyError) as err:
    log(err)
    raise  # expect-no-site
except ValueError as e:
    raise e  # expect-no-site
except TypeError as e:
    raise e.with_traceback(tb)  # expect-no-site


def parse_string(s):
    # ...but raise exc.with_traceback(None) names the class its except clause catches
    try:
        return _parse(s)
    except ParseBaseException as exc:
        raise exc.with_traceback(None)  # expect: ParseBaseException - rethrow: yes
    except (KeyError, ValueError) as err:
        raise err.with_traceback(None)  # expect: - - rethrow: yes


# --- other raised values are rethrows


def reraise(exc):
    raise exc  # expect: - - rethrow: yes


raise self._exception  # expect: - - rethrow: yes
raise d.exception()  # expect: - - rethrow: yes


# --- a variable holding the exception


def lookup(x):
    exc = KeyError("missing key " + str(x))
    raise exc  # expect: KeyError "missing key {x}" symbol: lookup


def first_error(errors, a):
    # assigned in exclusive branches: each value, and one generic site for the rest
    # (`error` here is a variable, not the lower-case class name it is in classes.py)
    if len(errors) > 1:
        error = ConfigError("several errors, first at line %s" % a)
    elif a:
        error = KeyError("one")
    else:
        error = errors[0]
    # expect: KeyError "one"
    # expect: ConfigError "several errors, first at line {a}"
    # expect: - - rethrow: yes
    raise error


def either(c):
    # two values that are not constructions: one site
    if c:
        e = errs[0]
    else:
        e = errs[1]
    raise e  # expect: - - rethrow: yes


# --- factories defined elsewhere: no class, the message is the first text argument

raise self._error("bad input %s" % x)  # expect: - "bad input {x}" holes: x
raise make_error(code, "boom")  # expect: - "boom"
# an error code first, then the message: the code is the code
raise left.error('XPST0017', 'unknown function %r' % name)  # expect: - "unknown function {name}" code: XPST0017
raise left.error('Bad', 'input')  # expect: - "Bad"


def k_class():
    return Missing


def k_passthrough(m):
    return m


# a factory returning a class, or nothing it builds, is left to the other rules
raise k_class()  # expect: - - rethrow: yes
raise k_passthrough("a")  # expect: - "a"

# --- conditional raises: both branches, both operands

# expect: ValueError "a"
# expect: TypeError "b"
raise ValueError("a") if c else TypeError("b")


def one(it, too_long=None):
    msg = "Expected exactly one item, got {!r}".format(it)
    # expect: - - rethrow: yes
    # expect: ValueError "Expected exactly one item, got {it}"
    raise too_long or ValueError(msg)


def details(mod, error=ImportError):
    # an exception class received as a parameter is no particular class
    raise error("No module named %s" % mod)  # expect: - "No module named {mod}"


class P:
    def make(self, c):
        # a factory given the class to build raises that class
        raise self.parse_error(InvalidNumberError)  # expect: InvalidNumberError - args: none
        raise self.parse_error(InvalidControlChar, c, "strings")  # expect: InvalidControlChar "strings" args: none
        raise self.wrap(Thing)  # expect: - - args: "{Thing}" rethrow: yes
