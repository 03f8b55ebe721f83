// Messages Python libraries build away from the raise, through the CLI on Debian's packages: the
// error is made by running the real library (/usr/bin/python3) on bad input, and its traceback or
// message is explained against an index of the library.
//   - ldap3: `self.last_error = 'unknown authentication method'` … `raise …Error(self.last_error)`, and
//     `port_err = check_port(port)` / `raise LDAPInvalidPortError(port_err)`, check_port in another module
//   - calmjs.parse: `msg = (…)` / `raise ECMASyntaxError(msg[len(tokens)].format(*tokens))`, and
//     `raise ProductionError(ECMASyntaxError(…))` caught and raised as `raise e.args[0]`
//   - asn1crypto: `raise ValueError(unwrap('''⏎ Error parsing %s - tag should have been %s, …⏎ ''', …))`
//   - pybtex: `report_error(BibliographyDataError('repeated bibliograhpy entry: %s' % key))`
//   - passlib: `raise uh.exc.InvalidHashError(cls)`, a function of exc.py returning a ValueError
import { describe, expect, it } from 'vitest';
import { firstAnswer as first, haveLibs as have, raised as raise } from './debian-python.js';

describe.skipIf(!have('ldap3', 'calmjs/parse', 'asn1crypto', 'pybtex', 'passlib'))('messages built away from the raise (Debian libraries)', () => {
  it("reads the text written to self.last_error before the raise (ldap3's Connection)", () => {
    const e = raise("from ldap3 import Server, Connection\nConnection(Server('ldap.example.com'), authentication='FOO')");
    expect(e.message).toBe('unknown authentication method');
    expect(first('ldap3', e.trace)).toMatchObject({ file: 'ldap3/core/connection.py', line: 241, template: 'unknown authentication method' });
  });

  it("reads the text check_port returns in another module at the raise of the local holding it (ldap3's Server)", () => {
    const e = raise("from ldap3 import Server\nServer('ldap://example.com', port=99999)");
    expect(e.message).toBe('Source port must in range from 0 to 65535');
    expect(first('ldap3', e.trace)).toMatchObject({ file: 'ldap3/core/server.py', line: 155, template: 'Source port must in range from 0 to 65535' });
  });

  it("reads the tuple of messages indexed at the raise, and the error carried in ProductionError (calmjs.parse)", () => {
    const a = raise("from calmjs.parse import es5\nes5('var total = ;')");
    expect(a.message).toBe("Unexpected ';' at 1:13 after '=' at 1:11");
    expect(first('calmjs/parse', a.message)).toMatchObject({ file: 'calmjs/parse/parsers/es5.py', line: 105, template: 'Unexpected {value} after {value}' });
    const b = raise("from calmjs.parse import es5\nes5('function (a) { return a }')");
    expect(b.message).toBe('Function statement requires a name at 1:10');
    expect(first('calmjs/parse', b.message)).toMatchObject({ file: 'calmjs/parse/parsers/es5.py', line: 117, template: 'Function statement requires a name at {line}:{col}' });
  });

  it("reads unwrap's % template dedented (asn1crypto)", () => {
    const e = raise("from asn1crypto import core\ncore.Boolean.load(b'\\x02\\x01\\x00')");
    expect(e.message).toBe('Error parsing asn1crypto.core.Boolean - tag should have been 1, but 2 was found');
    expect(first('asn1crypto', e.message)).toMatchObject({ file: 'asn1crypto/core.py', line: 5572, template: 'Error parsing {value} - tag should have been {tag}, but {tag} was found' });
  });

  it("reads the error handed to report_error at its raise (pybtex)", () => {
    const e = raise("from pybtex.database import parse_string\nparse_string('@article{knuth, author={A}}\\n@article{knuth, author={B}}', 'bibtex')");
    expect(e.message).toBe('repeated bibliograhpy entry: knuth');
    expect(first('pybtex', e.message)).toMatchObject({ file: 'pybtex/errors.py', line: 78, template: 'repeated bibliograhpy entry: {key}' });
  });

  it("reads exc.InvalidHashError's returned ValueError at the raise calling it (passlib)", () => {
    const e = raise("from passlib.hash import sha256_crypt\nsha256_crypt.verify('secret', 'not-a-hash')");
    expect(e.message).toBe('not a valid sha256_crypt hash');
    expect(first('passlib', e.trace)).toMatchObject({ file: 'passlib/handlers/sha2_crypt.py', line: 307, template: 'not a valid {handler} hash' });
  });
});
