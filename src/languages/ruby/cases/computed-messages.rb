# Messages a method of the class computes, locals built up by appends, and exception classes
# that decorate the message in to_s (parslet's Cause#raise, REXML's ParseException).

class Cause
  def initialize(message, pos)
    @message, @pos, @context = message, pos, nil
  end

  def set_label(l)
    @context = " when parsing #{l}"
  end

  def to_s
    line = @pos
    Array(@message).join + " at line #{line}#{@context}."
  end

  def raise(exception_klass = ParseFailed)
    exception = exception_klass.new(self.to_s, self)
    # expect: ParseFailed "{join} at line {line}{context}." alts: "{join} at line {line}." class-param: exception_klass
    Kernel.raise exception
  end
end

class ParseFailed < StandardError # expect-class: ParseFailed "{message}" params: message, cause from: super
  def initialize(message, cause = nil)
    super(message)
    @cause = cause
  end
end

class Decorated < RuntimeError # expect-class: Decorated "{message}\nLine: {line}\n" branches: "{exception}\n{join}\n...\n{message}\nLine: {line}\n" from: str params: message, exception
  def initialize(message, exception = nil)
    super(message)
    @continued_exception = exception
  end

  def to_s
    if @continued_exception
      err = @continued_exception.inspect
      err << "\n"
      err << @continued_exception.backtrace.join("\n")
      err << "\n...\n"
    else
      err = ""
    end
    err << super
    err << "\nLine: #{line}\n"
    err
  end
end

class Kept < StandardError # expect-class: Kept "{message}" from: str params: message
  attr_accessor :message

  def initialize(message)
    @message = message
    super(with_schema)
  end

  def with_schema
    "#{message} in schema"
  end
end

def close(last_tag, md)
  message = "Missing end tag for '#{last_tag}'"
  message << " (got '#{md}')" if md
  raise Decorated.new(message) # expect: Decorated "Missing end tag for '{last_tag}' (got '{md}')" alts: "Missing end tag for '{last_tag}'"
end

def argument_error(name, args)
  msg = "ERROR: #{name} was called with ".dup
  msg << "no arguments" if args.empty?
  msg << "arguments " << args.inspect unless args.empty?
  msg << "\nUsage: #{name}"
  # expect: ArgumentError "ERROR: {name} was called with no argumentsarguments {args}\nUsage: {name}" alts: "ERROR: {name} was called with no arguments\nUsage: {name}" "ERROR: {name} was called with arguments {args}\nUsage: {name}" "ERROR: {name} was called with \nUsage: {name}"
  raise ArgumentError, msg
end

# A local's earlier assignments that still reach the raise, and `if`/`case` values.
def store(kind, strict)
  if kind == :shelf
    msg = "shelves cannot hold loose papers"
  else
    msg = "drawers need a label"
  end
  raise ArgumentError, msg # expect: ArgumentError "drawers need a label" alts: "shelves cannot hold loose papers"
end

def overwritten(strict)
  msg = "not strict enough"
  msg = "too strict" if strict
  raise ArgumentError, msg # expect: ArgumentError "too strict" alts: "not strict enough"
end

def unreached(kind)
  if kind
    msg = "never raised below"
  else
    msg = "kind is missing"
    raise ArgumentError, msg # expect: ArgumentError "kind is missing" alts: none
  end
end

def graded(level, strict)
  reason = case level
           when :low then "the lock is too weak"
           when :mid then "the lock is not rated for #{level}"
           else level.to_s
           end
  raise ArgumentError, reason # expect: ArgumentError "the lock is too weak" alts: "the lock is not rated for {level}" "{level}"
  raise ArgumentError, "grade: #{reason}" # expect: ArgumentError "grade: the lock is too weak" alts: "grade: the lock is not rated for {level}" "grade: {level}"
  # (a third interpolation of three texts would make 18: past eight texts it is a hole)
  raise ArgumentError, "#{reason} (#{strict ? "strict" : "lax"} mode, #{reason})" # expect: ArgumentError "the lock is too weak (strict mode, {reason})" alts: "the lock is too weak (lax mode, {reason})" "the lock is not rated for {level} (strict mode, {reason})" "the lock is not rated for {level} (lax mode, {reason})" "{level} (strict mode, {reason})" "{level} (lax mode, {reason})"
  raise ArgumentError, "grade: " + reason # expect: ArgumentError "grade: the lock is too weak" alts: "grade: the lock is not rated for {level}" "grade: {level}"
end

# Methods of the class given the value, instance and class methods.
class Label
  def check!(name)
    raise ArgumentError, describe(name) unless name # expect: ArgumentError "the label {name} is blank"
    raise ArgumentError, self.class.too_long(name) # expect: ArgumentError "the label {name} is too long"
  end

  def describe(name)
    "the label #{name} is blank"
  end

  def self.too_long(name)
    "the label #{name} is too long"
  end

  def self.validate(name)
    raise ArgumentError, too_long(name) # expect: ArgumentError "the label {name} is too long"
  end
end

# `+=` appends as `<<` does; a parameter's default text is what a call without it raises.
def quibble(v)
  msg = "quibble #{v} failed"
  msg += " because of the flux" if v
  raise ArgumentError, msg # expect: ArgumentError "quibble {v} failed because of the flux" alts: "quibble {v} failed"
end

def misaligned!(ok, message = "the sprocket is misaligned", reason: "the gizmo is upside down")
  raise ArgumentError, message unless ok # expect: ArgumentError "{message}" alts: "the sprocket is misaligned"
  raise ArgumentError, reason # expect: ArgumentError "{reason}" alts: "the gizmo is upside down"
end

def extra_file(cname, path)
  ftype = File.directory?(path) ? "directory" : "file"
  warn(<<~EOS) # expect: - "constant {cname} is defined after the directory\n" type: warning severity: warning alts: "constant {cname} is defined after the file\n"
    constant #{cname} is defined after the #{ftype}
  EOS
end
