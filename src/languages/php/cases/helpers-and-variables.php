<?php
// Messages from variables, helpers that report a message they are given, and their callers.

namespace Acme\Assert;

class Assert
{
    public static function integer($value, $message = '')
    {
        if (!\is_int($value)) {
            // expect-call: reportInvalidArgument "Expected an integer. Got: {value}" symbol: Assert.integer
            static::reportInvalidArgument(\sprintf(
                $message ?: 'Expected an integer. Got: %s',
                static::typeToString($value)
            ));
        }
    }

    protected static function reportInvalidArgument($message)
    {
        throw new InvalidArgumentException($message); // expect: InvalidArgumentException "{message}" params: message
    }

    public function route($name, $varName)
    {
        $message = 'Parameter "{parameter}" for route "{route}" is invalid.';
        throw new \InvalidArgumentException(strtr($message, ['{parameter}' => $varName, '{route}' => $name])); // expect: InvalidArgumentException "Parameter \"{varName}\" for route \"{name}\" is invalid."
    }

    public function version($type, $uuid)
    {
        // expect: InvalidArgumentException "Invalid UUIDv{type}: \"{uuid}\"." alts: "Invalid UUID: \"{uuid}\"."
        throw new \InvalidArgumentException(sprintf('Invalid UUID%s: "%s".', $type ? 'v'.$type : '', $uuid));
    }
}

// (the caller's message, else one of the branches')
// expect-class: NotFound "{msg}" params: id, sourceId, msg alts: "You have requested a non-existent service \"{id}\"." "The service \"{sourceId}\" depends on \"{id}\"."
class NotFound extends \InvalidArgumentException
{
    public function __construct(string $id, ?string $sourceId = null, ?string $msg = null)
    {
        if (null !== $msg) {
            // no-op
        } elseif (null === $sourceId) {
            $msg = sprintf('You have requested a non-existent service "%s".', $id);
        } else {
            $msg = sprintf('The service "%s" depends on "%s".', $sourceId, $id);
        }
        parent::__construct($msg);
    }
}

// expect-class: MissingParameter "You have requested a non-existent parameter \"{key}\"." from: attr branches: "The service \"{sourceId}\" needs \"{key}\"."
class MissingParameter extends \InvalidArgumentException
{
    private $key;
    private $sourceId;

    public function __construct(string $key, ?string $sourceId = null)
    {
        $this->key = $key;
        $this->sourceId = $sourceId;
        parent::__construct('');
        $this->updateRepr();
    }

    public function updateRepr()
    {
        if (null === $this->sourceId) {
            $this->message = sprintf('You have requested a non-existent parameter "%s".', $this->key);
        } else {
            $this->message = sprintf('The service "%s" needs "%s".', $this->sourceId, $this->key);
        }
    }
}

// (a `switch` whose `case`s each give the variable its message, appended to, before the raise:
// each raise its own `case`'s text, the append's two forms two forms of it; decision 0153)
class Options
{
    private function usage()
    {
        if (\defined('TOOL_FIX')) {
            $usage = 'Run "fix --help"';
        } else {
            $usage = 'Run "check --help"';
        }
        return $usage;
    }

    public function option($arg, $name, $path)
    {
        switch ($arg) {
        case 'sniffs':
            $error = 'The sniff code "'.$name.'" is invalid'.PHP_EOL;
            $error .= $this->usage();
            throw new DeepExit($error); // expect: DeepExit "The sniff code \"{name}\" is invalid\nRun \"fix --help\"" alts: "The sniff code \"{name}\" is invalid\nRun \"check --help\""
        case 'file':
            if (!is_file($path)) {
                $error = 'The file "'.$path.'" does not exist'.PHP_EOL;
                $error .= $this->usage();
                throw new DeepExit($error); // expect: DeepExit "The file \"{path}\" does not exist\nRun \"fix --help\"" alts: "The file \"{path}\" does not exist\nRun \"check --help\""
            }
        }
    }
}
