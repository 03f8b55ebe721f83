<?php
// Round 12's shapes: a long `.` chain read whole, a constructor parameter only appended to before it
// is passed on, and a message a setter assigns and then appends to in branches.

namespace App\Orm;

// expect-class: EncodingError - bases: RuntimeException
class EncodingError extends \RuntimeException
{
    public static function forResource($resource, $message)
    {
        $model = $resource->resource;

        return new static('Error encoding resource ['.get_class($resource).'] with model ['.get_class($model).'] with ID ['.$model->getKey().'] to JSON: '.$message); // expect: EncodingError "Error encoding resource [{resource}] with model [{model}] with ID [{getKey}] to JSON: {message}"
    }
}

// expect-class: YieldError "{prefix}; {yielded} yielded at key {key}" params: prefix, previous branches: "{prefix}; {yielded} yielded at key {key} on line {getExecutingLine} in {getExecutingFile}"
class YieldError extends \Error
{
    public function __construct(string $prefix, \Throwable $previous = null)
    {
        $yielded = \gettype($this->current());
        $prefix .= \sprintf('; %s yielded at key %s', $yielded, \var_export($this->key(), true));

        if (!$this->valid()) {
            parent::__construct($prefix, 0, $previous);
            return;
        }

        parent::__construct(\sprintf('%s on line %s in %s', $prefix, $this->getExecutingLine(), $this->getExecutingFile()), 0, $previous);
    }
}

// expect-class: NotFound "No results for model [{model}] {ids}" branches: "No results for model [{model}]." from: attr bases: RuntimeException
class NotFound extends \RuntimeException
{
    protected $model;
    protected $ids;

    public function setModel($model, $ids = [])
    {
        $this->model = $model;
        $this->ids = (array) $ids;

        $this->message = "No results for model [{$model}]";

        if (count($this->ids) > 0) {
            $this->message .= ' '.implode(', ', $this->ids);
        } else {
            $this->message .= '.';
        }

        return $this;
    }
}

class Finder
{
    public function findOrFail($id)
    {
        throw (new NotFound())->setModel(static::class, $id); // expect: NotFound -
    }

    public function coroutine(\Generator $g)
    {
        return new YieldError('Unexpected yield; expected a promise', null); // expect: YieldError "Unexpected yield; expected a promise" args: "Unexpected yield; expected a promise" "{null}"
    }
}

class SchemaValidator
{
    protected $context = 'directive';

    protected function error($target, $msg)
    {
        if ($target !== false) {
            $prefix = $target . ' in ' . $this->context;
        } else {
            $prefix = "Schema {$this->context}";
        }
        throw new \InvalidArgumentException(trim($prefix . ' ' . $msg)); // expect: InvalidArgumentException "{target} in {context} {msg}" alts: "Schema {context} {msg}"
    }

    public function check($list)
    {
        throw new \LengthException(rtrim("Missing: {$list}, ", ', ')); // expect: LengthException "Missing: {list}"
    }
}

class Locator
{
    private $factories = [];
    private $loading = [];

    public function missing(string $id)
    {
        if ($this->loading) {
            $msg = sprintf('The service "%s" needs a missing service "%s". This locator %s', end($this->loading), $id, $this->formatAlternatives());

            throw new \OutOfBoundsException($msg); // expect: OutOfBoundsException "The service \"{loading}\" needs a missing service \"{id}\". This locator knows only {format}." alts: "The service \"{loading}\" needs a missing service \"{id}\". This locator is empty..."
        }
    }

    private function formatAlternatives(): string
    {
        if (!$this->factories) {
            return 'is empty...';
        }

        $format = '"%s"';
        $format = sprintf('knows only %s.', $format);

        return sprintf($format, implode('", "', array_keys($this->factories)));
    }
}
