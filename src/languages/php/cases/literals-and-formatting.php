<?php
// Messages written at the raise: literals, interpolation, concatenation, sprintf, heredoc and
// nowdoc, constants and local variables. (Marks: src/languages/CASES.md.)

const TOP = 'Top level constant';

class Parser
{
    const PREFIX = 'Cannot parse';

    public function literals($name, $n)
    {
        throw new \InvalidArgumentException('plain literal'); // expect: InvalidArgumentException "plain literal" symbol: Parser.literals
        throw new InvalidArgumentException("Unknown option \"$name\"."); // expect: InvalidArgumentException "Unknown option \"{name}\"." holes: name
        throw new RuntimeException('Value ' . $name . ' is too big'); // expect: RuntimeException "Value {name} is too big"
        throw new RuntimeException(sprintf('Expected %d items, got "%s".', $n, $name)); // expect: RuntimeException "Expected {n} items, got \"{name}\"." holes: n:int, name
        throw new RuntimeException("esc \t {$this->path} \x41"); // expect: RuntimeException "esc \t {path} A"
        throw new RuntimeException(self::PREFIX . ': ' . $name); // expect: RuntimeException "Cannot parse: {name}"
        throw new RuntimeException(TOP); // expect: RuntimeException "Top level constant"
        throw new RuntimeException('single \'quoted\' \n'); // expect: RuntimeException "single 'quoted' \\n"
        // expect: LogicException "first {name}\n  second"
        throw new LogicException(<<<EOT
            first $name
              second
            EOT);
        // expect: LogicException "raw $name"
        throw new LogicException(<<<'EOT'
            raw $name
            EOT);
    }

    public function variables($x)
    {
        $msg = 'Could not read';
        $msg .= " the file $x";
        throw new \RuntimeException($msg); // expect: RuntimeException "Could not read the file {x}"
    }

    public function guards($x)
    {
        if ($x > 1) {
            throw new \DomainException('too big'); // expect: DomainException "too big" guards: if $x > 1
        } elseif (!is_string($x)) {
            throw new \DomainException('not a string'); // expect: DomainException "not a string" guards: else !($x > 1) | elif !is_string($x)
        }
        try {
            $this->load($x);
        } catch (\JsonException $e) {
            throw new \RuntimeException('Bad JSON: ' . $e->getMessage(), 0, $e); // expect: RuntimeException "Bad JSON: {getMessage}" guards: except \JsonException $e
        }
    }

    public function others($x)
    {
        trigger_error("Deprecated option $x", E_USER_DEPRECATED); // expect: - "Deprecated option {x}" type: warning
        $this->logger->error('Failed to load {file}', ['file' => $x]); // expect: - "Failed to load {file}" type: log
        $e = new ParseError('Unexpected end'); // expect: ParseError "Unexpected end"
        $other = new ArrayObject([]); // expect-no-site: not an exception class
        throw $e; // expect-no-site: the trace shows where it was built
    }
}
