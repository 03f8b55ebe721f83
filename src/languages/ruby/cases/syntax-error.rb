# A file the grammar rejects in part: the rest is still analyzed.

def broken(
  # expect-syntax-error
  raise "after the error" if )
end

def fine
  raise ArgumentError, "still found" # expect: ArgumentError "still found"
end
