# Error classes whose constructor or message method fixes the message; abort, warn and loggers.

class ParseFailure < StandardError # expect-class: ParseFailure "could not parse {input}" params: input from: super
  def initialize(input)
    super("could not parse #{input}")
  end
end

class Missing < StandardError # expect-class: Missing "{msg}" alts: "nothing here" params: msg
  def initialize(msg = "nothing here")
    super
  end
end

class Described < StandardError # expect-class: Described "value {value} rejected" from: str params: value
  def initialize(value)
    @value = value
  end

  def message
    "value #{@value} rejected"
  end
end

Plain = Class.new(StandardError) # expect-class: Plain - bases: StandardError

def check(input)
  raise ParseFailure, input unless input # expect: ParseFailure "{input}"
  raise ParseFailure.new(input) # expect: ParseFailure "{input}"
  raise Missing # expect: Missing "Missing"
  abort("fatal: no input given") # expect: SystemExit "fatal: no input given" type: exit severity: critical
  warn "deprecated call" # expect: - "deprecated call" type: warning severity: warning
  logger.error("lost #{input}") # expect: - "lost {input}" type: log severity: error
  @logger.fatal { "gone" } # expect: - "gone" type: log severity: critical
  begin
    Integer(input)
  rescue ArgumentError => e
    raise e # expect: ArgumentError - rethrow: yes
  end
end

class Mismatch < StandardError # expect-class: Mismatch "{val}" alts: "Dimension mismatch" params: val
  def initialize(val = nil)
    if val
      super(val)
    else
      super("Dimension mismatch")
    end
  end
end

class Proxy < BasicObject # expect-class: Proxy - bases: BasicObject
  def __setobj__(obj)
    __raise__ ::ArgumentError, "cannot delegate to self" if equal?(obj) # expect: ::ArgumentError "cannot delegate to self"
    ::Kernel::raise ::ArgumentError, "cannot mix text and a block" # expect: ::ArgumentError "cannot mix text and a block"
    raise ParseFailure, "Invalid duration: #{obj.inspect} #{@reason}".strip # expect: ParseFailure "Invalid duration: {obj} {reason}"
  end
end
