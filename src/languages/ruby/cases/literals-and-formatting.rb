# Messages written at the raise: literals, interpolation, concatenation, format calls, heredocs, constants.

NOT_FOUND = "record not found".freeze

module Sample
  class Reader
    def read(name, count)
      raise ArgumentError, "bad name #{name}" if name.empty? # expect: ArgumentError "bad name {name}" guards: if name.empty? @8 symbol: Sample::Reader.read holes: name
      raise "only #{count} left" unless count > 0 # expect: RuntimeError "only {count} left" guards: if !(count > 0)
      fail TypeError, "expected " + name + " to be a string" # expect: TypeError "expected {name} to be a string"
      raise IOError, format("cannot read %s at %05.2f", name, count) # expect: IOError "cannot read {name} at {count}"
      raise RangeError, "count %d out of range" % count # expect: RangeError "count {count} out of range" holes: count:int
      raise KeyError, "missing %<key>s in %{table}" % { key: name, table: "t" } # expect: KeyError "missing {name} in t"
      raise NOT_FOUND # expect: RuntimeError "record not found"
      raise IndexError.new("index #{count.inspect} is past the end") # expect: IndexError "index {count} is past the end" holes: count:repr
      raise 'single \'quoted\' text' # expect: RuntimeError "single 'quoted' text"
      msg = "built above for #{name}"
      raise EOFError, msg # expect: EOFError "built above for {name}"
      text = <<~MSG
        first line #{name}
          indented
      MSG
      raise NameError, text # expect: NameError "first line {name}\n  indented\n"
      raise Errno::ENOENT # expect: Errno::ENOENT -
      raise # expect-no-site: a bare raise rethrows
    end
  end
end

def lookup(command, namespace)
  # expect: NameError "Could not find command {command} in {namespace} namespace." alts: "Could not find command {command}."
  raise NameError, namespace ? "Could not find command #{command} in #{namespace} namespace." : "Could not find command #{command}."
end

class UndefinedCommand < StandardError # expect-class: UndefinedCommand "Could not find command {command} in {namespace} namespace." branches: "Could not find command {command}." params: command, namespace
  def initialize(command, namespace)
    message = "Could not find command #{command.inspect}"
    message = namespace ? "#{message} in #{namespace.inspect} namespace." : "#{message}."
    super(message)
  end
end

module Arith
  [:+, :-].each do |op|
    non_zero = lambda do |value|
      "Can't add a non-zero #{value.class.name} value"
    end
    too_big = ->(v) { "#{v} is too big" }
    define_method(op) do |other|
      raise TypeError, non_zero.call(other) unless other.zero? # expect: TypeError "Can't add a non-zero {name} value" holes: value.class.name
      raise RangeError, too_big.(other) if other > 9 # expect: RangeError "{v} is too big"
    end
  end
end

class Registry
  def decorate(key)
    key = key.to_s
    raise KeyError, "Nothing registered with the key #{key.inspect}" unless @items.key?(key) # expect: KeyError "Nothing registered with the key \"{key}\""
  end

  def resolve(key)
    raise KeyError, "Nothing registered with the key #{key.inspect}" unless @items.key?(key) # expect: KeyError "Nothing registered with the key {key}" holes: key:repr
  end
end
