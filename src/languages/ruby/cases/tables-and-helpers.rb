# Message tables (constant hashes of text) looked up with a literal key, and helpers of the file
# that raise the message their callers give.

MESSAGES = { # expect-file: allow-unmarked=calls
  blank: "can't be blank",
  taken: "has already been taken",
}.freeze

class Validator
  def check(value)
    raise ArgumentError, MESSAGES[:blank] if value.nil? # expect: ArgumentError "can't be blank"
    raise ArgumentError, MESSAGES.fetch(:taken) # expect: ArgumentError "has already been taken"
    parse_error!("unexpected token #{value}")
  end

  def parse_error!(msg)
    raise SyntaxError, msg # expect: SyntaxError "{msg}" params: msg symbol: Validator.parse_error!
  end
end
