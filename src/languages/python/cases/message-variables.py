# Messages held in variables: local assignments, +=, module constants, and a
# message assigned in branches (each branch's text is another message the site
# can raise: `alts:`). (Marks: src/languages/CASES.md.)

ERR = "module level %s"
ERR_SHADOWED = "module"


def nearest(n, verbose):
    # the nearest preceding assignment, then +=
    if verbose:
        msg = "first"
    else:
        msg = "second %d"
    msg += f" (n={n})"
    raise ValueError(msg % n)  # expect: ValueError "second {n} (n={n})"


def late():
    # an assignment after the raise is not used
    raise ValueError(msg)  # expect: ValueError "{msg}"
    msg = "late"


def module_constant(x):
    raise ValueError(ERR % x)  # expect: ValueError "module level {x}"


def shadowing(ERR_SHADOWED):
    # a parameter of the same name is not the module constant
    raise ValueError(ERR_SHADOWED)  # expect: ValueError "{ERR_SHADOWED}"


def self_reference():
    msg = "a"
    msg = msg + "b"
    raise ValueError(msg)  # expect: ValueError "ab"


# --- messages assigned in branches


def optional_suffix(x, request):
    # a += that runs only in a branch the raise is not in: without it, and with it
    message = 'bad value %s' % x
    if request:
        message += ' ' + repr(request)
    raise ValueError(message)  # expect: ValueError "bad value {x}" alts: "bad value {x} {request}"


def optional_middle(node, lno):
    # text added after the name keeps both forms too
    msg = "malformed node"
    if lno:
        msg += f" on line {lno}"
    raise ValueError(msg + f": {node!r}")  # expect: ValueError "malformed node: {node}" alts: "malformed node on line {lno}: {node}"


def same_branch(x):
    # a += in the same branch as the assignment is kept
    if x:
        message = 'a'
        message += 'b'
        raise ValueError(message)  # expect: ValueError "ab" guards: if x @61


def selector(c, index):
    # the message of every branch is an alternative
    if c == '[':
        msg = "Malformed attribute selector at position {}".format(index)
    elif c == '.':
        msg = "Malformed class selector at position {}".format(index)
    else:
        msg = "Invalid character {!r} position {}".format(c, index)
    # expect: SelectorSyntaxError "Invalid character {c} position {index}"
    # ... alts: "Malformed class selector at position {index}" "Malformed attribute selector at position {index}"
    raise SelectorSyntaxError(msg, index)


def defaulted(msg=None):
    # a parameter given a default only in a branch: the default, or the argument
    if msg is None:
        msg = "default message"
    raise ValueError(msg)  # expect: ValueError "default message" alts: "{msg}"


def overwritten(x):
    # an unconditional earlier assignment ends the alternatives
    msg = "plain"
    if x:
        msg = "special"
    raise ValueError(msg)  # expect: ValueError "special" alts: "plain"


def _fmt(msg, standard):
    return standard


def within(a, delta=None):
    # alternatives followed through a helper that passes them on
    if delta is not None:
        standard = '%s within %s delta' % (a, delta)
    else:
        standard = '%s within places' % a
    raise AssertionError(_fmt(None, standard))  # expect: AssertionError "{a} within places" alts: "{a} within {delta} delta"


# --- a list of lines joined


def joined_lines(name, errors, path):
    # the list's items and its appends, joined; an append in a loop or a branch may not run
    lines = ['Validation of %s failed:' % name]
    lines.append('Reason: %s' % errors[0])
    for e in errors:
        lines.append('  - %s' % e)
    raise ValueError('\n'.join(lines))  # expect: ValueError "Validation of {name} failed:\nReason: {errors}" alts: "Validation of {name} failed:\nReason: {errors}\n  - {e}"


def joined_either(line, msg):
    # an if/else appends one of its two texts; a list that starts empty holds what is appended
    out = []
    if isinstance(line, tuple):
        out.append("lines %d-%d: " % line)
    else:
        out.append("line %d: " % line)
    out.append(str(msg))
    raise ValueError("".join(out))  # expect: ValueError "{msg}" alts: "lines {value}-{value}: {msg}" "line {line}: {msg}"


def joined_changed(name, more):
    # a list extended otherwise is not read
    msg = ["Invalid config %r" % name]
    msg.extend(more)
    raise ValueError(", ".join(msg))  # expect: ValueError "{msg}"


# --- a text-building object: its writes before the read, in order; handed to a function, a hole


def described(reason, matcher, actual):
    description = StringDescription()
    description.append_text(reason).append_text("\nExpected: ").append_description_of(matcher)
    matcher.describe_mismatch(actual, description)
    description.append_text("\n")
    raise AssertionError(description)  # expect: AssertionError "{reason}\nExpected: {matcher}{describe_mismatch}\n"


def buffered(rows):
    buf = io.StringIO("rows: ")
    buf.write(str(len(rows)))
    buf.write(" rejected")
    raise ValueError(buf.getvalue())  # expect: ValueError "rows: {rows} rejected"


def buffered_in_loop(rows):
    # a write that may not run, or run more than once: the object stays a hole
    buf = io.StringIO()
    for row in rows:
        buf.write("bad row %s; " % row)
    raise ValueError(str(buf))  # expect: ValueError "{buf}"


def defaulted(x, fmt):
    # a value or its string default (`if bad is None: bad = "%"`): the message with the default put in
    bad = x.args[0]
    if bad == "\\":
        bad = "%"
    raise ValueError("'%s' is a bad directive in format '%s'" % (bad, fmt))  # expect: ValueError "'{bad}' is a bad directive in format '{fmt}'" alts: "'%' is a bad directive in format '{fmt}'"


def defaulted_alone(x):
    who = x.owner()
    if who is None:
        who = "<nobody>"
    raise ValueError("%s: bad" % who)  # expect: ValueError "{who}: bad" alts: "<nobody>: bad"


def clauses(a, n):
    # the += of an `if … else`: one reading per clause, never both; an `if` with no `else` with and without
    msg = 'Invalid options:'
    if a:
        msg += ' missing a'
    else:
        msg += ' missing b'
    if n > 2:
        msg += ' (%d times)' % n
    raise ValueError(msg)  # expect: ValueError "Invalid options:" alts: "Invalid options: missing a ({n} times)" "Invalid options: missing a" "Invalid options: missing b ({n} times)" "Invalid options: missing b"


def in_a_loop(items):
    # a += in a loop ends the text there
    msg = 'Bad items:'
    for i in items:
        msg += ' ' + i
    raise ValueError(msg)  # expect: ValueError "Bad items:" alts: none
