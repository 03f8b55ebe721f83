# The enclosing symbol of a site (methods, nested classes and functions) and
# its guards: the conditions that hold when it runs, outermost first, up to the
# function boundary. (Marks: src/languages/CASES.md.)


class Outer:
    class Inner:
        def method(self):
            raise A("1")  # expect: A "1" symbol: Outer.Inner.method

    @property
    def prop(self):
        def helper():
            raise B("2")  # expect: B "2" symbol: Outer.prop.helper


def top():
    raise C("3")  # expect: C "3" symbol: top


raise D("4")  # expect: D "4" symbol: -


def chain(x):
    if x > 0:
        raise A("a")  # expect: A "a" guards: if x > 0 @25
    elif x < -5:
        raise B("b")  # expect: B "b" guards: else not (x > 0) @25 | elif x < -5 @27
    elif x == -1:
        pass
    else:
        raise C("c")  # expect: C "c" guards: else not (x > 0) @25 | else not (x < -5) @27 | else not (x == -1) @29


if outer:
    def walk(items):
        while running:
            for k, v in items.items():
                with lock:
                    try:
                        g()
                    except (KeyError, ValueError) as e:
                        match v:
                            case [1, y] if y:
                                # `with` is no guard, and the `if outer` around the function is not this site's
                                # expect: E "x" symbol: walk
                                # ... guards: while running @37 | for k, v in items.items() @38 | except (KeyError, ValueError) as e @42 | case [1, y] if y @44
                                raise E("x")


# a condition over several lines is one line of text
if (a and
        b):
    raise E("y")  # expect: E "y" guards: if (a and b) @52
