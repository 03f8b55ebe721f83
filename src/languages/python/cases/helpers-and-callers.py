# Messages and exceptions that come from functions of the same file: helpers
# returning the message (their parameters bound to the call's arguments), and
# factories returning the exception raised. (Marks: src/languages/CASES.md.)


# --- messages returned by functions of the same file


class Case:
    def _formatMessage(self, msg, standardMsg):
        if msg is None:
            return standardMsg
        return '%s : %s' % (standardMsg, msg)

    def assertIn(self, member, container, msg=None):
        # self.helper(...) whose return passes a parameter through
        standardMsg = '%s not found in %s' % (member, container)
        msg = self._formatMessage(msg, standardMsg)
        raise self.failureException(msg)  # expect: - "{member} not found in {container}"


def check(call):
    # a nested function and a module-level helper; the helper's own `%` hole takes the caller's argument
    def _error_message():
        m = _describe_call(call, "widget")
        return m
    raise AssertionError(_error_message())  # expect: AssertionError "expected {call} not found (widget)"


def _describe_call(expected, kind):
    text = 'expected %s not found'
    return text % (expected,) + ' (' + kind + ')'


class Token:
    def error_code(self, code, prefix=None):
        return '%s:%s is bad' % (prefix, code)

    def check(self, code, message):
        # error_code's `code` takes the argument; its `prefix` is not check()'s, for callers of check() to fill
        raise ValueError(self.error_code('XPTY0004'))  # expect: ValueError "{prefix}:XPTY0004 is bad" holes: error_code.prefix


def _truncate(message, diff):
    return message + diff


def differs(a, d):
    # arguments the helper adds together are concatenated
    raise ValueError(_truncate('%s differs' % a, d))  # expect: ValueError "{a} differs{d}"


class FTP:
    def getmultiline(self):
        line = self.getline()
        return line + '\n' + self.getline()

    def voidresp(self):
        # a helper result with no text of its own beyond separators is not taken (not `{line}\n{getline}`)
        resp = self.getmultiline()
        raise error_reply(resp)  # expect: - - args: "{resp}" rethrow: yes


def _get_normal_name(orig_enc):
    enc = orig_enc[:12].lower()
    if enc == "utf-8":
        return "utf-8"
    return orig_enc


def find_encoding(line):
    # constants beside a return without text are values
    encoding = _get_normal_name(line)
    raise SyntaxError("unknown encoding: " + encoding)  # expect: SyntaxError "unknown encoding: {encoding}"


def _describe(kind, name):
    if kind == "dir":
        return "directory %s is missing" % name
    return "file %s is missing" % name


def check_path(kind, name):
    # every return with text is a message
    raise OSError(_describe(kind, name))  # expect: OSError "directory {name} is missing" alts: "file {name} is missing"


def elsewhere(x):
    # calls to functions defined elsewhere, and recursion, stay holes
    raise ValueError(describe(x))  # expect: ValueError "{x}" holes: describe(x)


def recurse(x):
    raise ValueError(recurse(x))  # expect: ValueError "{x}" holes: recurse(x)


def _plural_s(sized):
    return "s" if len(sized) > 1 else ""


def validate(missing):
    # a helper returning one of two constants gives one message per constant
    keys = ", ".join(missing)
    raise SchemaMissingKeyError("Missing key%s: %s" % (_plural_s(missing), keys))  # expect: SchemaMissingKeyError "Missing keys: {keys}" alts: "Missing key: {keys}"


class Mock:
    def _failure_message(self, args, action='call'):
        message = 'expected %s not found.\nExpected: %s'
        return message % (action, args)

    def assert_called_with(self, args):
        # an inlined helper's string parameter defaults hold when the call leaves them out
        raise AssertionError(self._failure_message(args))  # expect: AssertionError "expected call not found.\nExpected: {args}"


# --- exceptions built by a function of the same file: what each return constructs,
# --- its parameters bound to the call


class Tokenizer:
    def error(self, msg, offset=0):
        return error(msg, self.string, self.tell() - offset)


def suffixed_err(src, pos, msg):
    return DecodeError(f"{msg} (at {pos})")


def _error(tok):
    if tok:
        return ValueError("unexpected token: %s" % tok)
    return ValueError("unexpected end")


def parse(source, src, pos, nexttok, msg):
    raise source.error("unterminated set", 3)  # expect: error "unterminated set" symbol: parse guards: none args: "unterminated set" "{string}" "{offset}"
    raise suffixed_err(src, pos, "Invalid value")  # expect: DecodeError "Invalid value (at {pos})" args: "Invalid value (at {pos})"
    # expect: ValueError "unexpected token: {nexttok}" args: "unexpected token: {nexttok}"
    # expect: ValueError "unexpected end" args: "unexpected end"
    raise _error(nexttok)
    # (a caller's variable of the same name as the factory's parameter stays the caller's)
    # expect: ValueError "unexpected token: {msg}" holes: msg args: "unexpected token: {msg}"
    # expect: ValueError "unexpected end" args: "unexpected end"
    raise _error(msg)


class P:
    def missing(self, name):
        return KeyError(name)

    def go(self):
        raise self.missing("k")  # expect: KeyError "k" args: "k"
        # a function not defined here is still read as before: its first text argument
        raise self.other("x")  # expect: - "x" args: "x"


def err(msg, where):
    return ValueError(f"{msg} at {where}")


def report(where):
    # an unbound parameter of the factory is named after it, not taken for the caller's
    raise err("bad")  # expect: ValueError "bad at {where}" holes: err.where


class T:
    def wrong(self, message=None):
        if message:
            return ParseError(message)
        elif self.symbol:
            return ParseError("unexpected %s" % self.symbol)
        return ParseError("unexpected end")

    def f(self, err):
        # a None-defaulted message parameter: its return when the call passes it, the others when not
        raise self.wrong("bad source")  # expect: ParseError "bad source"
        raise self.wrong(message=str(err))  # expect: ParseError "{err}"
        # expect: ParseError "unexpected {symbol}"
        # expect: ParseError "unexpected end"
        raise self.wrong()
