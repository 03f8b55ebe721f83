<?php
// Exception classes whose constructor fixes the message, and named constructors.

namespace App\Exception;

// expect-class: InvalidKeyException "Invalid key \"{key}\"." params: key, code from: super bases: InvalidArgumentException
class InvalidKeyException extends \InvalidArgumentException
{
    public function __construct(string $key, int $code = 0)
    {
        parent::__construct(sprintf('Invalid key "%s".', $key), $code);
    }

    public static function forKey(string $key): self
    {
        return new self($key); // expect: InvalidKeyException "{key}" symbol: InvalidKeyException.forKey
    }

    public static function empty(): static
    {
        return new static('(empty)'); // expect: InvalidKeyException "(empty)"
    }
}

// expect-class: NotFound "Nothing was found" from: attr bases: RuntimeException
class NotFound extends \RuntimeException
{
    protected $message = 'Nothing was found';
}

function lookup(array $items, string $key)
{
    if (!isset($items[$key])) {
        throw InvalidKeyException::forKey($key); // expect-no-site: the trace shows the factory's new
    }
    throw new NotFound(); // expect: NotFound -
}

// expect-class: UnsupportedSchemeException "Unable to send emails via \"{provider}\" as the bridge is not installed." params: scheme, name from: super branches: "The \"{scheme}\" scheme is not supported." bases: LogicException
class UnsupportedSchemeException extends \LogicException
{
    public function __construct(string $scheme, ?string $name = null)
    {
        $provider = substr($scheme, 0, 4);
        if (isset(self::BRIDGES[$provider])) {
            parent::__construct(sprintf('Unable to send emails via "%s" as the bridge is not installed.', $provider));

            return;
        }

        $message = sprintf('The "%s" scheme is not supported', $scheme);
        if ($name) {
            $message .= sprintf(' by "%s"', $name);
        }
        parent::__construct($message.'.');
    }
}

// expect-class: FileNotFoundException "The file '{path}' could not be found." params: path, type from: super alts: "The {type} file '{path}' could not be found."
class FileNotFoundException extends \RuntimeException
{
    public function __construct($path, $type = null)
    {
        $typePart = '';
        if ($type) {
            $typePart = "$type ";
        }
        parent::__construct("The {$typePart}file '{$path}' could not be found.");
    }
}

// expect-class: RejectionException "The promise was rejected" params: reason, description from: super alts: "The promise was rejected with reason: {description}" "The promise was rejected with reason: {reason}"
class RejectionException extends \RuntimeException
{
    private $reason;

    public function __construct($reason, $description = null)
    {
        $this->reason = $reason;

        $message = 'The promise was rejected';

        if ($description) {
            $message .= ' with reason: ' . $description;
        } elseif (is_string($reason)) {
            $message .= ' with reason: ' . $this->reason;
        }

        parent::__construct($message);
    }
}
