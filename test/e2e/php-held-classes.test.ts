// PHP exceptions whose class the raise names only at run time, and values a branch changes. End to
// end through the CLI on Debian's libraries (php-guzzlehttp-guzzle, php-illuminate-validation,
// php-net-dns2, php-async-aws-sqs, php-pda-pheanstalk): each library analyzed in place, the PHP CLI run on it with bad input, and the
// message it printed explained alone.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-held-classes');
});

/** The 1-based line of the first line of `file` that contains `text`. */
const lineOf = (file: string, text: string): number => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

/** PEAR's classes load from the include path: Net_DNS2_Resolver is Net/DNS2/Resolver.php. */
const PEAR_AUTOLOAD = `spl_autoload_register(function ($c) { $f = '/usr/share/php/' . str_replace('_', '/', $c) . '.php'; if (is_file($f)) require_once $f; });`;

describe('php classes held at run time', () => {
  it('reads `return new $className($message, …)` of a class a branch picks, and a message quoting a JSON body on a line of its own', () => {
    // RequestException::create: `if ($level === 4) { $label = 'Client error'; $className = ClientException::class; } elseif …;
    // $message = sprintf('%s: `%s %s` resulted in a `%s %s` response', $label, …); if ($summary !== null) { $message .= ":\n{$summary}\n"; }
    // return new $className($message, $request, $response, $previous, $handlerContext);`
    const lib = '/usr/share/php/GuzzleHttp/Exception';
    const script = (status: number, body: string) =>
      `<?php\nrequire '/usr/share/php/GuzzleHttp/autoload.php';\nuse GuzzleHttp\\{Client, HandlerStack};\nuse GuzzleHttp\\Handler\\MockHandler;\nuse GuzzleHttp\\Psr7\\Response;\n` +
      `$c = new Client(['handler' => HandlerStack::create(new MockHandler([new Response(${status}, [], '${body}')]))]);\n$c->get('https://api.example.com/invoices/7');\n`;
    const client = uncaught(dir, script(404, '{"error":"no such invoice"}'));
    expect(client.message).toBe('Client error: `GET https://api.example.com/invoices/7` resulted in a `404 Not Found` response:\n{"error":"no such invoice"}\n');
    const hits = hitsFor(dir, lib, client.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].line]).toEqual(['template', 'GuzzleHttp/Exception/RequestException.php', client.line]);
    expect(hits[0].message).toBe('Client error: `{getMethod} {__toString}` resulted in a `{getStatusCode} {getReasonPhrase}` response:\n{summary}\n');
    const server = uncaught(dir, script(503, ''));
    expect(server.message).toBe('Server error: `GET https://api.example.com/invoices/7` resulted in a `503 Service Unavailable` response');
    const s = hitsFor(dir, lib, server.message);
    expect([s[0].matchType, s[0].record.filePath, s[0].line, s[0].message]).toEqual(['template', 'GuzzleHttp/Exception/RequestException.php', server.line, 'Server error: `{getMethod} {__toString}` resulted in a `{getStatusCode} {getReasonPhrase}` response']);
  });

  it('reads `static::class` as the class around it, and `throw_if($this->fails(), $this->exception, $this)` as a raise of the property\'s class', () => {
    const lib = '/usr/share/php/Illuminate/Validation';
    const head = `<?php\nrequire '${lib}/autoload.php';\nrequire '/usr/share/php/Illuminate/Translation/autoload.php';\nuse Illuminate\\Translation\\{Translator, ArrayLoader};\n`;
    const validator = (data: string, rules: string, call: string) => `${head}(new Illuminate\\Validation\\Validator(new Translator(new ArrayLoader(), 'en'), ${data}, ${rules}))->${call}();\n`;
    // Validator::__call: `throw new BadMethodCallException(sprintf('Method %s::%s does not exist.', static::class, $method));`
    const method = uncaught(dir, validator("['age' => 'x']", "['age' => 'numeric_or_blank']", 'passes'));
    expect(method.message).toBe('Method Illuminate\\Validation\\Validator::validateNumericOrBlank does not exist.');
    const m = hitsFor(dir, lib, method.message);
    expect([m[0].record.filePath, m[0].line, m[0].message]).toEqual(['Illuminate/Validation/Validator.php', method.line, 'Method Illuminate\\Validation\\Validator::{method} does not exist.']);
    // Validator::validate: `throw_if($this->fails(), $this->exception, $this);` with `protected $exception = ValidationException::class;`,
    // whose constructor says `parent::__construct('The given data was invalid.')`; the exception is made in Laravel's helper (another package)
    const invalid = uncaught(dir, validator("['email' => '']", "['email' => 'required']", 'validate'));
    expect(invalid.message).toBe('The given data was invalid.');
    const v = hitsFor(dir, lib, invalid.message);
    const at = lineOf(`${lib}/Validator.php`, 'throw_if($this->fails(), $this->exception, $this)');
    expect(at).toBeGreaterThan(0);
    expect([v[0].matchType, v[0].record.filePath, v[0].line, v[0].record.errorClass]).toEqual(['template', 'Illuminate/Validation/Validator.php', at, 'ValidationException']);
  });

  it('reads `new $exceptionClass(…)` in a closure taking the class by `use`, of a mapping with fallback classes in branches', () => {
    // AsyncAws's Response::defineResolveStatus: `if (… isset($this->exceptionMapping[$awsCode])) { $exceptionClass =
    // $this->exceptionMapping[$awsCode]; } elseif (500 <= $statusCode) { $exceptionClass = ServerException::class; } elseif …;
    // $this->resolveResult = static function () use ($exceptionClass, $httpResponse, $awsError): HttpException { return new
    // $exceptionClass($httpResponse, $awsError); };`, the message built by the classes' trait's constructor
    const lib = '/usr/share/php/AsyncAws';
    const script = (status: number, body: string) =>
      `<?php\nrequire '${lib}/Sqs/autoload.php';\nrequire '/usr/share/php/Symfony/Component/HttpClient/autoload.php';\n` +
      `use Symfony\\Component\\HttpClient\\{MockHttpClient, Response\\MockResponse};\n` +
      `$http = new MockHttpClient(new MockResponse('${body}', ['http_code' => ${status}]));\n` +
      `(new AsyncAws\\Sqs\\SqsClient(['region' => 'eu-west-1', 'accessKeyId' => 'a', 'accessKeySecret' => 'b'], null, $http))->getQueueUrl(['QueueName' => 'orders'])->resolve();\n`;
    const server = uncaught(dir, script(503, ''));
    expect(server.message).toBe('HTTP 503 returned for "https://sqs.eu-west-1.amazonaws.com/".');
    const s = hitsFor(dir, lib, server.message);
    expect([s[0].matchType, s[0].record.filePath, s[0].line, s[0].message]).toEqual(['template', 'AsyncAws/Core/Response.php', server.line, 'HTTP {code} returned for "{url}".']);
    // a mapped class (QueueDoesNotExistException) of the same trait: the AWS error's parts appended
    const mapped = uncaught(dir, script(400, '<ErrorResponse><Error><Type>Sender</Type><Code>AWS.SimpleQueueService.NonExistentQueue</Code><Message>No such queue.</Message></Error></ErrorResponse>'));
    expect(mapped.message).toContain('Code:    AWS.SimpleQueueService.NonExistentQueue\nMessage: No such queue.\n');
    const m = hitsFor(dir, lib, mapped.message);
    expect([m[0].matchType, m[0].record.filePath, m[0].line]).toEqual(['template', 'AsyncAws/Core/Response.php', mapped.line]);
  });

  it('keeps a parameter a branch reassigns (`$type = strtoupper(trim($type)); if ($type == \'*\') { $type = \'ANY\'; }`) as a hole', () => {
    const lib = '/usr/share/php/Net';
    const e = uncaught(dir, `<?php\n${PEAR_AUTOLOAD}\n(new Net_DNS2_Resolver(['nameservers' => ['127.0.0.1']]))->query('example.com', 'BOGUS');\n`);
    expect(e.message).toBe('invalid type (BOGUS) or class (IN) specified.');
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].line, hits[0].message]).toEqual(['template', 'Net/DNS2/Packet/Request.php', e.line, 'invalid type ({type}) or class ({class}) specified.']);
  });
  it('reads `new $exceptionClass(…)` of a class looked up in a static table of classes (`self::$errorResponses[$name]`)', () => {
    // Pheanstalk's Connection::dispatchCommand: `private static $errorResponses = [ResponseInterface::RESPONSE_OUT_OF_MEMORY =>
    // ServerOutOfMemoryException::class, …]; … if (isset(self::$errorResponses[$responseName])) { $exceptionClass =
    // self::$errorResponses[$responseName]; throw new $exceptionClass(sprintf("%s in response to '%s'", …)); }`,
    // answered here by a socket that says BAD_FORMAT
    const lib = '/usr/share/php/Pheanstalk';
    const e = uncaught(
      dir,
      `<?php\nrequire '${lib}/autoload.php';\n` +
        `final class Canned implements Pheanstalk\\Contract\\SocketFactoryInterface { public function create(): Pheanstalk\\Contract\\SocketInterface {\n` +
        `  return new class implements Pheanstalk\\Contract\\SocketInterface { public function write(string $d): void {} public function read(int $n): string { return ''; }\n` +
        `    public function getLine(): string { return 'BAD_FORMAT'; } public function disconnect(): void {} }; } }\n` +
        `Pheanstalk\\Pheanstalk::createWithFactory(new Canned())->put('{"job":"resize"}');\n`,
    );
    expect(e.message).toBe("BAD_FORMAT in response to 'put 1024 0 60 16'");
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].line, hits[0].message]).toEqual(['template', 'Pheanstalk/Connection.php', e.line, "{responseName} in response to '{getCommandLine}'"]);
    // (the first class of the table, all of which are the library's exceptions)
    expect(hits[0].record.errorClass).toBe('ServerOutOfMemoryException');
  });
});
