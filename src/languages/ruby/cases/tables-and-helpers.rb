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

class Schema
  def resolve(key)
    raise missing_key(key.name) # expect: MissingKey "{name}"
  end

  def missing_key(name)
    MissingKey.new(name)
  end
end

class MissingKey < StandardError # expect-class: MissingKey "{key} is missing in Hash input" params: key
  def initialize(key)
    super("#{key.inspect} is missing in Hash input")
  end
end

class WithSchema < StandardError # expect-class: WithSchema - params: message
  def initialize(message)
    @message = message
    super(message_with_schema)
  end
end

class Record
  def validate!
    raise ArgumentError, I18n.t("errors.messages.blank") if blank? # expect: ArgumentError "{errors_messages_blank}"
    raise ArgumentError, t(:taken, scope: [:errors, :messages]) # expect: ArgumentError "{errors_messages_taken}"
  end
end

# Hash#fetch of a literal key raises KeyError in C, the key as inspect prints it.
class Settings
  def load(opts)
    code = opts.fetch(:iso_code).downcase # expect: KeyError "key not found: :iso_code" symbol: Settings.load
    home = ENV.fetch("HOME") # expect: KeyError "key not found: \"HOME\""
    opts.fetch(:depth, 3) + opts.fetch(:width) { 80 } + opts.fetch(code).size
  end
end

# A helper that formats the format string its callers give.
class Scanner
  def step
    scan_error("unexpected token %s (expected %s)", @token, "SPACE")
  end

  def scan_error(fmt, *args)
    raise ArgumentError, format(fmt, *args) # expect: ArgumentError "{fmt}" params: fmt, args symbol: Scanner.scan_error
  end
end
