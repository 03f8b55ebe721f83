# A file the parser has to recover in: the error is reported by its first line.
# (Marks: src/languages/CASES.md.)

x = 1
def f(:
  # expect-syntax-error
  raise ValueError("x"
