// The Go corpus: real errors from the Go standard library and Debian's golang-*-dev libraries,
// made by running each snippet in a program built offline (GO111MODULE=off, GOPATH=/usr/share/gocode)
// and capturing what it prints. Writes eval/corpus/go.jsonl (record format: eval/README.md).
//
// A returned error has no trace: the program prints err.Error() to stderr, and that is both the
// trace and the message. Its site is named here by reading the code path (`site`: the file under the
// root, a text the line holds, and which of the lines holding it): the generator fails when that
// text is not on exactly the named line any more. For a composed message the site is its innermost
// layer inside the root (`invalid value "http" for flag -port: parse error` is flag's `return
// errParse`, the wrapper's failf is the layer around it): where the error was made. A panic's site is the innermost frame of its trace
// inside the root.
//
// None of the packages reserved for the independent evaluation (issue 16) appears here.
//
//   node eval/gen/go_cases.mjs

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyAll } from './classify.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GOPATH = '/usr/share/gocode';
const GOROOT = spawnSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).stdout.trim();
const RESERVED = /^(?:strconv|net\/url|time|encoding\/json|encoding\/hex|net\/netip|net\/mail|os|regexp(?:\/syntax)?|encoding\/base64|strings|bytes|math\/rand|sync|errors|reflect|math\/big|text\/template)$|Masterminds\/semver|hashicorp\/go-version|google\/uuid|spf13\/pflag|robfig\/cron|blang\/semver|spf13\/cast/;

// lib: [package, imports, body of `func() error`]; site: [file under the root, text on the line, which such line] or null (a panic: from the trace);
// chain, for a composed message: the sites of the layers around it, outermost first, read from the code path as `site` is (the
// wrapper's creation: `&PosError{Pos, Err: …}`, `return &TypeError{d.terrors}`, the `failf("invalid value %q …: %v", …, err)` around
// `return errParse`). The case's `chain` is those layers and then its site (eval/README.md, "Composed messages").
const CASES = [
  { lib: ['github.com/BurntSushi/toml', ['github.com/BurntSushi/toml'], 'var v map[string]interface{}; _, err := toml.Decode("a = [1, \\"x\\"", &v); return err'], site: ["lex.go", "expected a comma (',') or array terminator"], chain: [["parse.go", "panic(ParseError{", 3]] },
  { lib: ['github.com/BurntSushi/toml', ['github.com/BurntSushi/toml'], 'var v map[string]interface{}; _, err := toml.Decode("a = 1\\na = 2", &v); return err'], site: ["parse.go", "has already been defined.\", keyContext", 1], chain: [["parse.go", "panic(ParseError{", 2]] },
  { lib: ['github.com/BurntSushi/toml', ['github.com/BurntSushi/toml'], 'var v map[string]interface{}; _, err := toml.Decode("key = ", &v); return err'], site: ["lex.go", "unexpected EOF; expected value\""], chain: [["parse.go", "panic(ParseError{", 3]] },
  { lib: ['github.com/BurntSushi/toml', ['github.com/BurntSushi/toml'], 'var v struct{ A int }; _, err := toml.Decode("A = \\"str\\"", &v); return err'], site: ["decode.go", "incompatible types: TOML value has type"], chain: [["decode.go", "return ParseError{"]] },
  { lib: ['github.com/BurntSushi/toml', ['github.com/BurntSushi/toml'], 'var v map[string]interface{}; _, err := toml.Decode("[a]\\nb=1\\n[a]\\n", &v); return err'], site: ["parse.go", "has already been defined.\", keyContext", 0], chain: [["parse.go", "panic(ParseError{", 2]] },
  { lib: ['github.com/BurntSushi/toml', ['github.com/BurntSushi/toml'], 'var v map[string]interface{}; _, err := toml.Decode("x = \\"\\\\q\\"", &v); return err'], site: ["lex.go", "errLexEscape{r}"], chain: [["parse.go", "panic(ParseError{", 3]] },
  { lib: ['github.com/pelletier/go-toml', ['github.com/pelletier/go-toml'], '_, err := toml.Load("a = 1\\na = 2"); return err'], site: ["parser.go", "The following key was defined twice"] },
  { lib: ['github.com/pelletier/go-toml', ['github.com/pelletier/go-toml'], '_, err := toml.Load("[a]]"); return err'], site: ["lexer.go", "keys cannot contain %c character"] },
  { lib: ['gopkg.in/yaml.v3', ['gopkg.in/yaml.v3'], 'var v map[string]interface{}; return yaml.Unmarshal([]byte("a: [1, 2"), &v)'], site: ["parserc.go", "did not find expected ',' or ']'"] },
  { lib: ['gopkg.in/yaml.v3', ['gopkg.in/yaml.v3'], 'var v struct{ A int }; return yaml.Unmarshal([]byte("a: hello"), &v)'], site: ["decode.go", "cannot unmarshal %s%s into %s"], chain: [["yaml.go", "return &TypeError{d.terrors}", 2]] },
  { lib: ['gopkg.in/yaml.v3', ['gopkg.in/yaml.v3'], 'var v map[string]interface{}; return yaml.Unmarshal([]byte("a: 1\\na: 2"), &v)'], site: ["decode.go", "already defined at line %d"], chain: [["yaml.go", "return &TypeError{d.terrors}", 2]] },
  { lib: ['gopkg.in/yaml.v3', ['gopkg.in/yaml.v3'], 'var v map[string]interface{}; return yaml.Unmarshal([]byte("\\ta: 1"), &v)'], site: ["scannerc.go", "\"found character that cannot start any token\""] },
  { lib: ['gopkg.in/yaml.v3', ['gopkg.in/yaml.v3'], 'var v map[string]interface{}; return yaml.Unmarshal([]byte("a: *nope"), &v)'], site: ["decode.go", "unknown anchor '%s' referenced"] },
  { lib: ['github.com/dustin/go-humanize', ['github.com/dustin/go-humanize'], '_, err := humanize.ParseBytes("12 zigabytes"); return err'], site: ["bytes.go", "unhandled size name"] },
  { lib: ['github.com/dustin/go-humanize', ['github.com/dustin/go-humanize'], '_, err := humanize.ParseBigBytes("12 zigabytes"); return err'], site: ["bigbytes.go", "unhandled size name"] },
  { lib: ['github.com/docker/go-units', ['github.com/docker/go-units'], '_, err := units.FromHumanSize("12 bananas"); return err'], site: ["size.go", "invalid size: '%s'"] },
  { lib: ['github.com/docker/go-units', ['github.com/docker/go-units'], '_, err := units.RAMInBytes("-3m"); return err'], site: ["size.go", "invalid size: '%s'"] },
  { lib: ['github.com/docker/go-units', ['github.com/docker/go-units'], '_, err := units.ParseUlimit("bogus=1:2"); return err'], site: ["ulimit.go", "invalid ulimit type"] },
  { lib: ['github.com/alecthomas/units', ['github.com/alecthomas/units'], '_, err := units.ParseBase2Bytes("12QB"); return err'], site: ["util.go", "units: unknown unit"] },
  { lib: ['github.com/alecthomas/units', ['github.com/alecthomas/units'], '_, err := units.ParseBase2Bytes(""); return err'], site: ["util.go", "units: invalid \" + orig", 0] },
  { lib: ['github.com/kballard/go-shellquote', ['github.com/kballard/go-shellquote'], '_, err := shellquote.Split("echo \'abc"); return err'], site: ["unquote.go", "return \"\", \"\", UnterminatedSingleQuoteError"] },
  { lib: ['github.com/kballard/go-shellquote', ['github.com/kballard/go-shellquote'], '_, err := shellquote.Split("echo \\"abc"); return err'], site: ["unquote.go", "return \"\", \"\", UnterminatedDoubleQuoteError"] },
  { lib: ['github.com/kballard/go-shellquote', ['github.com/kballard/go-shellquote'], '_, err := shellquote.Split("echo abc\\\\"); return err'], site: ["unquote.go", "return \"\", \"\", UnterminatedEscapeError"] },
  { lib: ['github.com/mattn/go-shellwords', ['github.com/mattn/go-shellwords'], '_, err := shellwords.Parse("echo \'abc"); return err'], site: ["shellwords.go", "invalid command line string", 1] },
  { lib: ['github.com/google/shlex', ['github.com/google/shlex'], '_, err := shlex.Split("echo \\"abc"); return err'], site: ["shlex.go", "EOF found when expecting closing quote", 0] },
  { lib: ['github.com/google/shlex', ['github.com/google/shlex'], '_, err := shlex.Split("echo abc\\\\"); return err'], site: ["shlex.go", "EOF found after escape character", 0] },
  { lib: ['github.com/gobwas/glob', ['github.com/gobwas/glob'], '_, err := glob.Compile("[a-"); return err'], site: ["syntax/lexer/lexer.go", "unexpected end of input"] },
  { lib: ['github.com/coreos/go-semver/semver', ['github.com/coreos/go-semver/semver'], '_, err := semver.NewVersion("1.2"); return err'], site: ["semver/semver.go", "is not in dotted-tri format"] },
  { lib: ['github.com/coreos/go-semver/semver', ['github.com/coreos/go-semver/semver'], 'semver.New("bad"); return nil'], site: null },
  { lib: ['github.com/joho/godotenv', ['github.com/joho/godotenv'], '_, err := godotenv.Unmarshal("A=\\"x"); return err'], site: ["parser.go", "unterminated quoted value"] },
  { lib: ['github.com/go-ini/ini', ['github.com/go-ini/ini'], '_, err := ini.Load([]byte("[sec")); return err'], site: ["parser.go", "unclosed section"] },
  { lib: ['github.com/go-ini/ini', ['github.com/go-ini/ini'], '_, err := ini.Load([]byte("key")); return err'], site: ["parser.go", "ErrDelimiterNotFound{line}", 1] },
  { lib: ['github.com/mitchellh/mapstructure', ['github.com/mitchellh/mapstructure'], 'var v struct{ A int }; return mapstructure.Decode(map[string]interface{}{"A": "x"}, &v)'], site: ["mapstructure.go", "got unconvertible type '%s', value: '%v'", 1], chain: [["mapstructure.go", "return &Error{errors}", 3]] },
  { lib: ['github.com/mitchellh/mapstructure', ['github.com/mitchellh/mapstructure'], 'var v struct{ A int }; return mapstructure.Decode(42, &v)'], site: ["mapstructure.go", "expected a map, got"] },
  { lib: ['github.com/mitchellh/mapstructure', ['github.com/mitchellh/mapstructure'], 'var v int; return mapstructure.Decode(1, v)'], site: ["mapstructure.go", "\"result must be a pointer\""] },
  { lib: ['github.com/hashicorp/hcl', ['github.com/hashicorp/hcl'], 'var v map[string]interface{}; return hcl.Decode(&v, "a = [1, 2")'], site: ["hcl/parser/parser.go", "\"error parsing list, expected comma or list end, got: %s\""], chain: [["hcl/parser/parser.go", "error parsing list, expected comma or list end", 0, -3]] },
  { lib: ['github.com/hashicorp/hcl', ['github.com/hashicorp/hcl'], 'var v map[string]interface{}; return hcl.Decode(&v, "a = \\"x")'], site: ["hcl/scanner/scanner.go", "literal not terminated"], chain: [["hcl/parser/parser.go", "scerr = &PosError{Pos: pos, Err: errors.New(msg)}"]] },
  { lib: ['github.com/asaskevich/govalidator', ['github.com/asaskevich/govalidator'], 'type T struct { Email string `valid:"email"` }; _, err := govalidator.ValidateStruct(T{Email: "nope"}); return err'], site: ["validator.go", "does not validate as %s\", field, validator", 0] },
  { lib: ['github.com/asaskevich/govalidator', ['github.com/asaskevich/govalidator'], '_, err := govalidator.ValidateStruct(42); return err'], site: ["validator.go", "function only accepts structs"] },
  { lib: ['encoding/csv', ['encoding/csv', 'strings'], '_, err := csv.NewReader(strings.NewReader("a,\\"b\\nc")).ReadAll(); return err'], site: ["reader.go", "Err: ErrQuote}", 1] },
  { lib: ['encoding/csv', ['encoding/csv', 'strings'], 'r := csv.NewReader(strings.NewReader("a,b\\nc\\n")); _, err := r.ReadAll(); return err'], site: ["reader.go", "err = &ParseError{", 3] },
  { lib: ['encoding/csv', ['encoding/csv', 'strings'], 'r := csv.NewReader(strings.NewReader("a\\"b,c\\n")); _, err := r.ReadAll(); return err'], site: ["reader.go", "Err: ErrBareQuote}"] },
  { lib: ['encoding/xml', ['encoding/xml'], 'var v struct{}; return xml.Unmarshal([]byte("<a><b></a>"), &v)'], site: ["xml.go", "\"> closed by </\" + name.Local + \">\")"], chain: [["xml.go", "return &SyntaxError{Msg: msg, Line: d.line}"]] },
  { lib: ['encoding/xml', ['encoding/xml'], 'var v struct{}; return xml.Unmarshal([]byte("<a"), &v)'], site: ["xml.go", "d.err = d.syntaxError(\"unexpected EOF\")"], chain: [["xml.go", "return &SyntaxError{Msg: msg, Line: d.line}"]] },
  { lib: ['encoding/asn1', ['encoding/asn1'], 'var v int; _, err := asn1.Unmarshal([]byte{0x02}, &v); return err'], site: ["asn1.go", "err = SyntaxError{\"truncated tag or length\"}", 0] },
  { lib: ['encoding/asn1', ['encoding/asn1'], 'var v int; _, err := asn1.Unmarshal([]byte{0x04, 0x01, 0x00}, &v); return err'], site: ["asn1.go", "tags don't match (%d vs %+v)"] },
  { lib: ['encoding/base32', ['encoding/base32'], '_, err := base32.StdEncoding.DecodeString("!!!!"); return err'], site: ["base32.go", "CorruptInputError(olen - len(src) - j)"] },
  { lib: ['mime', ['mime'], '_, _, err := mime.ParseMediaType("text/html; charset"); return err'], site: ["mediatype.go", "return mediatype, nil, ErrInvalidMediaParameter"] },
  { lib: ['mime', ['mime'], '_, _, err := mime.ParseMediaType(""); return err'], site: ["mediatype.go", "errors.New(\"mime: no media type\")"] },
  { lib: ['mime', ['mime'], '_, err := new(mime.WordDecoder).Decode("=?x?Q?a?="); return err'], site: ["encodedword.go", "unhandled charset %q"] },
  { lib: ['net', ['net'], '_, _, err := net.ParseCIDR("10.0.0.0/99"); return err'], site: ["ip.go", "&ParseError{Type: \"CIDR address\", Text: s}", 1] },
  { lib: ['net', ['net'], '_, err := net.ParseMAC("zz:zz"); return err'], site: ["mac.go", "invalid MAC address"] },
  { lib: ['net', ['net'], '_, _, err := net.SplitHostPort("a:b:c"); return err'], site: ["ipsock.go", "return addrErr(hostport, tooManyColons)", 1] },
  { lib: ['net', ['net'], '_, _, err := net.SplitHostPort("host"); return err'], site: ["ipsock.go", "return addrErr(hostport, missingPort)", 0] },
  { lib: ['path/filepath', ['path/filepath'], '_, err := filepath.Match("[a-", "a"); return err'], site: ["match.go", "err = ErrBadPattern", 0] },
  { lib: ['compress/gzip', ['compress/gzip', 'bytes'], '_, err := gzip.NewReader(bytes.NewReader([]byte("not gzip data"))); return err'], site: ["gunzip.go", "return hdr, ErrHeader", 0] },
  { lib: ['archive/zip', ['archive/zip', 'bytes'], '_, err := zip.NewReader(bytes.NewReader([]byte("PK junk")), 7); return err'], site: ["reader.go", "return ErrFormat", 0] },
  { lib: ['image/gif', ['image/gif', 'bytes'], '_, err := gif.Decode(bytes.NewReader([]byte("GIF12a"))); return err'], site: ["reader.go", "gif: reading header: %v"] },
  { lib: ['crypto/x509', ['crypto/x509'], '_, err := x509.ParseCertificate([]byte{0x30, 0x03, 0x02, 0x01}); return err'], site: ["parser.go", "x509: malformed certificate", 0] },
  { lib: ['flag', ['flag', 'io'], 'fs := flag.NewFlagSet("app", flag.ContinueOnError); fs.SetOutput(io.Discard); fs.Int("port", 0, ""); return fs.Parse([]string{"-port", "http"})'], site: ["flag.go", "return errParse", 0], chain: [["flag.go", "invalid value %q for flag -%s: %v"]] },
  { lib: ['flag', ['flag', 'io'], 'fs := flag.NewFlagSet("app", flag.ContinueOnError); fs.SetOutput(io.Discard); return fs.Parse([]string{"-nope"})'], site: ["flag.go", "flag provided but not defined"] },
  { lib: ['net/textproto', ['net/textproto', 'bufio', 'strings'], '_, err := textproto.NewReader(bufio.NewReader(strings.NewReader("bad header line\\r\\n\\r\\n"))).ReadMIMEHeader(); return err'], site: ["reader.go", "malformed MIME header: missing colon"] },
  { lib: ['net/textproto', ['net/textproto', 'bufio', 'strings'], '_, _, err := textproto.NewReader(bufio.NewReader(strings.NewReader("xx\\r\\n"))).ReadResponse(200); return err'], site: ["reader.go", "short response: "] },
  { lib: ['bufio', ['bufio', 'strings'], 's := bufio.NewScanner(strings.NewReader(strings.Repeat("x", 100))); s.Buffer(make([]byte, 10), 10); for s.Scan() {}; return s.Err()'], site: ["scan.go", "s.setErr(ErrTooLong)"] },
  { lib: ['container/list', ['container/list'], 'var l *list.List; l.PushBack(1); return nil'], site: null },
  { lib: ['encoding/binary', ['encoding/binary'], 'binary.BigEndian.Uint32([]byte{1}); return nil'], site: null },
  { lib: ['image', ['image'], 'image.NewRGBA(image.Rect(0, 0, -1<<40, 1<<40)); return nil'], site: null },
  { lib: ['github.com/gobwas/glob', ['github.com/gobwas/glob'], 'glob.MustCompile("[a-"); return nil'], site: null },
  { lib: ['github.com/sirupsen/logrus', ['github.com/sirupsen/logrus', 'io'], 'logrus.SetOutput(io.Discard); logrus.Panicf("config %s missing", "db"); return nil'], site: null },
  { lib: ['unicode/utf8', ['unicode/utf8'], 'utf8.EncodeRune(make([]byte, 1), 0x4e16); return nil'], site: null },
  { lib: ['encoding/binary', ['encoding/binary'], 'binary.PutUvarint(make([]byte, 1), 1<<20); return nil'], site: null },
  // ---- Held-out round 7 (docs/holdout-round7-go-rust.md): measured before any tuning on them ----
  { lib: ['github.com/xeipuuv/gojsonschema', ['github.com/xeipuuv/gojsonschema'], '_, err := gojsonschema.NewSchema(gojsonschema.NewStringLoader(`{"$id": 5}`)); return err'], site: ["schema.go", "return errors.New(formatErrorDescription(", 1] },
  { lib: ['github.com/xeipuuv/gojsonschema', ['github.com/xeipuuv/gojsonschema'], '_, err := gojsonschema.NewSchema(gojsonschema.NewStringLoader(`{"minimum": "x"}`)); return err'], site: ["schema.go", "\"x\": KEY_MINIMUM, \"y\": STRING_NUMBER", 0, -2] },
  { lib: ['github.com/xeipuuv/gojsonschema', ['github.com/xeipuuv/gojsonschema'], '_, err := gojsonschema.NewSchema(gojsonschema.NewStringLoader(`{"type": "bogus"}`)); return err'], site: ["schemaType.go", "Locale.NotAValidType()"] },
  { lib: ['github.com/magiconair/properties', ['github.com/magiconair/properties'], '_, err := properties.LoadString("a = ${a}"); return err'], site: ["properties.go", "return \"\", fmt.Errorf(b.String())"] },
  { lib: ['github.com/magiconair/properties', ['github.com/magiconair/properties'], '_, err := properties.LoadString("a = \\\\uZZZZ"); return err'], site: ["lex.go", "invalid unicode literal"], chain: [["parser.go", "properties: Line %d: %s"]] },
  { lib: ['github.com/magiconair/properties', ['github.com/magiconair/properties'], 'p := properties.NewProperties(); _, _, err := p.Set("a", "${b"); return err'], site: ["properties.go", "fmt.Errorf(\"malformed expression\")"] },
  { lib: ['html/template', ['html/template', 'io'], 't := template.Must(template.New("x").Parse("<a href=\'{{.}}")); return t.Execute(io.Discard, 1)'], site: ["escape.go", "ends in a non-text context: %v"] },
  { lib: ['html/template', ['html/template', 'io'], 't := template.Must(template.New("x").Parse("{{if .}}<a{{end}}")); return t.Execute(io.Discard, 1)'], site: ["escape.go", "branches end in different contexts: %v, %v"] },
  { lib: ['html/template', ['html/template', 'io'], 't := template.Must(template.New("x").Parse("<script>var a = `{{.}}`</script>")); return t.Execute(io.Discard, 1)'], site: ["escape.go", "appears in a JS template literal"] },
  { lib: ['image/png', ['image/png', 'bytes'], '_, err := png.Decode(bytes.NewReader([]byte("\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\x0dIHDR\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x01\\x08\\x07\\x00\\x00\\x00xxxx"))); return err'], site: ["reader.go", "bit depth %d, color type %d"] },
  { lib: ['image/png', ['image/png', 'bytes'], '_, err := png.Decode(bytes.NewReader([]byte("notapng!"))); return err'], site: ["reader.go", "FormatError(\"not a PNG file\")"] },
  { lib: ['go/parser', ['go/parser'], '_, err := parser.ParseExpr("1 +"); return err'], site: ["parser.go", "p.errorExpected(pos, \"operand\")"] },
  { lib: ['go/parser', ['go/parser', 'go/token'], '_, err := parser.ParseFile(token.NewFileSet(), "x.go", "package", 0); return err'], site: ["parser.go", "p.errorExpected(pos, \"'\"+tok.String()+\"'\")"] },
  { lib: ['archive/tar', ['archive/tar', 'bytes'], '_, err := tar.NewReader(bytes.NewReader(bytes.Repeat([]byte("x"), 512))).Next(); return err'], site: ["reader.go", "return nil, nil, ErrHeader", 1] },
  { lib: ['github.com/spf13/cobra', ['github.com/spf13/cobra'], 'c := &cobra.Command{Use: "app", Args: cobra.ExactArgs(1), Run: func(*cobra.Command, []string) {}, SilenceErrors: true, SilenceUsage: true}; c.SetArgs([]string{}); return c.Execute()'], site: ["args.go", "accepts %d arg(s), received %d"] },
  { lib: ['github.com/spf13/cobra', ['github.com/spf13/cobra'], 'c := &cobra.Command{Use: "app", SilenceErrors: true, SilenceUsage: true}; c.AddCommand(&cobra.Command{Use: "serve", Run: func(*cobra.Command, []string) {}}); c.SetArgs([]string{"srve"}); return c.Execute()'], site: ["args.go", "unknown command %q for %q%s"] },
  { lib: ['github.com/spf13/cobra', ['github.com/spf13/cobra'], 'c := &cobra.Command{Use: "app", Args: cobra.OnlyValidArgs, ValidArgs: []string{"a"}, Run: func(*cobra.Command, []string) {}, SilenceErrors: true, SilenceUsage: true}; c.SetArgs([]string{"b"}); return c.Execute()'], site: ["args.go", "invalid argument %q for %q%s"] },
  { lib: ['github.com/go-playground/validator/v10', ['github.com/go-playground/validator/v10'], 'type T struct{ Name string `validate:"required"` }; return validator.New().Struct(T{})'], site: ["v10/validator.go", "&fieldError{", 5] },
  { lib: ['github.com/go-playground/validator/v10', ['github.com/go-playground/validator/v10'], 'return validator.New().Var("abc", "email")'], site: ["v10/validator.go", "&fieldError{", 5] },
  { lib: ['github.com/go-playground/validator/v10', ['github.com/go-playground/validator/v10'], 'return validator.New().Struct(nil)'], site: ["v10/validator_instance.go", "return &InvalidValidationError{Type: reflect.TypeOf(s)}", 1] },
  // ---- Held-out round 8 (docs/holdout-round8-go-rust.md): measured before any tuning on them ----
  { lib: ['github.com/buger/jsonparser', ['github.com/buger/jsonparser'], '_, err := jsonparser.GetString([]byte(`{"a":1}`), "a"); return err'], site: ["parser.go", "Value is not a string: %s"] },
  { lib: ['github.com/buger/jsonparser', ['github.com/buger/jsonparser'], '_, err := jsonparser.GetInt([]byte(`{"a":99999999999999999999}`), "a"); return err'], site: ["parser.go", "return 0, OverflowIntegerError"] },
  { lib: ['github.com/buger/jsonparser', ['github.com/buger/jsonparser'], '_, _, _, err := jsonparser.Get([]byte(`{"a":"x`), "a"); return err'], site: ["parser.go", "return nil, dataType, offset, MalformedStringError"] },
  { lib: ['github.com/go-logfmt/logfmt', ['github.com/go-logfmt/logfmt', 'strings'], 'd := logfmt.NewDecoder(strings.NewReader(`a="x`)); for d.ScanRecord() { for d.ScanKeyval() {} }; return d.Err()'], site: ["decode.go", "dec.syntaxError(untermQuote)"] },
  { lib: ['github.com/go-logfmt/logfmt', ['github.com/go-logfmt/logfmt', 'strings'], 'd := logfmt.NewDecoder(strings.NewReader(`"a=1`)); for d.ScanRecord() { for d.ScanKeyval() {} }; return d.Err()'], site: ["decode.go", "dec.err = &SyntaxError{", 1] },
  { lib: ['github.com/jessevdk/go-flags', ['github.com/jessevdk/go-flags'], 'var o struct{ V bool `long:"verbose" required:"true"` }; _, err := flags.NewParser(&o, flags.None).ParseArgs([]string{}); return err'], site: ["parser.go", "p.err = newError(ErrRequired, msg)", 1] },
  { lib: ['github.com/jessevdk/go-flags', ['github.com/jessevdk/go-flags'], 'var o struct{ V bool `long:"verbose"` }; _, err := flags.NewParser(&o, flags.None).ParseArgs([]string{"--nope"}); return err'], site: ["parser.go", "return newErrorf(ErrUnknownFlag, \"unknown flag `%s'\", name)"] },
  { lib: ['github.com/jessevdk/go-flags', ['github.com/jessevdk/go-flags'], 'var o struct{ C string `long:"color" choice:"red" choice:"blue"` }; _, err := flags.NewParser(&o, flags.None).ParseArgs([]string{"--color", "green"}); return err'], site: ["option.go", "return newErrorf(ErrInvalidChoice,"] },
  { lib: ['github.com/fxamacker/cbor', ['github.com/fxamacker/cbor'], 'var v int; return cbor.Unmarshal([]byte{0x1c}, &v)'], site: ["valid.go", "cbor: invalid additional information", 1] },
  { lib: ['github.com/fxamacker/cbor', ['github.com/fxamacker/cbor'], 'var v int; return cbor.Unmarshal([]byte{0x61, 0x61}, &v)'], site: ["decode.go", "return &UnmarshalTypeError{CBORType: t.String(), GoType: v.Type().String()}", 5] },
  { lib: ['github.com/itchyny/gojq', ['github.com/itchyny/gojq'], 'q, err := gojq.Parse(".a"); if err != nil { return err }; v, _ := q.Run(1).Next(); if e, ok := v.(error); ok { return e }; return nil'], site: ["func.go", "return &expectedObjectError{v}", 0] },
  { lib: ['github.com/itchyny/gojq', ['github.com/itchyny/gojq'], 'q, err := gojq.Parse(`1 + "a"`); if err != nil { return err }; v, _ := q.Run(nil).Next(); if e, ok := v.(error); ok { return e }; return nil'], site: ["operator.go", "return &binopTypeError{\"add\", l, r}"] },
  { lib: ['github.com/itchyny/gojq', ['github.com/itchyny/gojq'], 'q, err := gojq.Parse("foo"); if err != nil { return err }; v, _ := q.Run(nil).Next(); if e, ok := v.(error); ok { return e }; return nil'], site: ["compiler.go", "return &funcNotFoundError{e}"] },
  { lib: ['github.com/go-sql-driver/mysql', ['github.com/go-sql-driver/mysql'], '_, err := mysql.ParseDSN("user@host"); return err'], site: ["dsn.go", "return nil, errInvalidDSNNoSlash"] },
  { lib: ['compress/bzip2', ['compress/bzip2', 'bytes', 'io'], '_, err := io.ReadAll(bzip2.NewReader(bytes.NewReader([]byte("xyz")))); return err'], site: ["bzip2.go", "return StructuralError(\"bad magic value\")"] },
  { lib: ['go/build/constraint', ['go/build/constraint'], '_, err := constraint.Parse("//go:build (linux"); return err'], site: ["expr.go", "e.Err = \"missing close paren\""] },
  // ---- Held-out round 9 (docs/holdout-round9-go-rust.md): measured before any tuning on them ----
  { lib: ['github.com/dlclark/regexp2', ['github.com/dlclark/regexp2'], '_, err := regexp2.Compile("(abc", 0); return err'], site: ["syntax/parser.go", "p.getErr(ErrMissingParen)"] },
  { lib: ['github.com/dlclark/regexp2', ['github.com/dlclark/regexp2'], '_, err := regexp2.Compile("abc)", 0); return err'], site: ["syntax/parser.go", "p.getErr(ErrUnexpectedParen)"] },
  { lib: ['github.com/dlclark/regexp2', ['github.com/dlclark/regexp2'], '_, err := regexp2.Compile(`\\p{Foo}`, 0); return err'], site: ["syntax/parser.go", "p.getErr(ErrUnknownSlashP, capname)"] },
  { lib: ['github.com/go-ozzo/ozzo-validation/v4', ['github.com/go-ozzo/ozzo-validation/v4'], 'return validation.Validate("", validation.Required)'], site: ["v4/required.go", "return ErrRequired"] },
  { lib: ['github.com/go-ozzo/ozzo-validation/v4', ['github.com/go-ozzo/ozzo-validation/v4'], 'return validation.Validate("ab", validation.Length(3, 5))'], site: ["v4/length.go", "err = ErrLengthOutOfRange"] },
  { lib: ['github.com/go-ozzo/ozzo-validation/v4', ['github.com/go-ozzo/ozzo-validation/v4'], 'return validation.Validate(3, validation.Min(5))'], site: ["v4/minmax.go", "err:       ErrMinGreaterEqualThanRequired"] },
  { lib: ['github.com/golang-jwt/jwt', ['github.com/golang-jwt/jwt'], '_, err := jwt.Parse("a.b", nil); return err'], site: ["parser.go", "token contains an invalid number of segments"] },
  { lib: ['github.com/golang-jwt/jwt', ['github.com/golang-jwt/jwt'], 'tok, _ := jwt.New(jwt.SigningMethodHS256).SignedString([]byte("a")); _, err := jwt.Parse(tok, func(*jwt.Token) (interface{}, error) { return []byte("b"), nil }); return err'], site: ["hmac.go", "return ErrSignatureInvalid"] },
  { lib: ['github.com/golang-jwt/jwt', ['github.com/golang-jwt/jwt'], 'tok, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"nbf": 99999999999}).SignedString([]byte("a")); _, err := jwt.Parse(tok, func(*jwt.Token) (interface{}, error) { return []byte("a"), nil }); return err'], site: ["map_claims.go", "errors.New(\"Token is not valid yet\")"] },
  { lib: ['github.com/golang-jwt/jwt', ['github.com/golang-jwt/jwt'], '_, err := jwt.ParseRSAPublicKeyFromPEM([]byte("x")); return err'], site: ["rsa_utils.go", "return nil, ErrKeyMustBePEMEncoded", 2] },
  { lib: ['github.com/gorilla/schema', ['github.com/gorilla/schema'], 'var s struct{ A int; B string `schema:"b,required"` }; return schema.NewDecoder().Decode(&s, map[string][]string{"nope": {"1"}, "b": {"x"}})'], site: ["decoder.go", "errors[path] = UnknownKeyError{Key: path}"] },
  { lib: ['github.com/gorilla/schema', ['github.com/gorilla/schema'], 'var s struct{ A int; B string `schema:"b,required"` }; return schema.NewDecoder().Decode(&s, map[string][]string{"A": {"x"}, "b": {"x"}})'], site: ["decoder.go", "return ConversionError{", 6] },
  { lib: ['github.com/gorilla/schema', ['github.com/gorilla/schema'], 'var s struct{ A int; B string `schema:"b,required"` }; return schema.NewDecoder().Decode(&s, map[string][]string{"A": {"1"}})'], site: ["decoder.go", "errs[key] = EmptyFieldError{Key: key}"] },
  { lib: ['net/http', ['net/http', 'bufio', 'strings'], '_, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GARBAGE\\r\\n\\r\\n"))); return err'], site: ["request.go", "badStringError(\"malformed HTTP request\", s)"] },
  { lib: ['net/http', ['net/http', 'bufio', 'strings'], '_, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET / HTTP/x\\r\\n\\r\\n"))); return err'], site: ["request.go", "badStringError(\"malformed HTTP version\", req.Proto)"] },
  { lib: ['image/jpeg', ['image/jpeg', 'bytes'], '_, err := jpeg.Decode(bytes.NewReader([]byte{0, 0, 0, 0})); return err'], site: ["reader.go", "FormatError(\"missing SOI marker\")"] },
  // ---- Held-out round 11 (docs/holdout-round11-go-rust.md): measured before any tuning on them ----
  { lib: ['encoding/gob', ['encoding/gob', 'bytes'], 'var v struct{ A int }; return gob.NewDecoder(bytes.NewReader([]byte{0x03, 0xff, 0xff, 0xff})).Decode(&v)'], site: ["decode.go", "errorf(\"invalid uint data length %d: exceeds input size %d\""] },
  { lib: ['encoding/gob', ['encoding/gob', 'bytes'], 'var b bytes.Buffer; gob.NewEncoder(&b).Encode(struct{ B string }{"x"}); var v struct{ A int }; return gob.NewDecoder(&b).Decode(&v)'], site: ["decode.go", "errorf(\"type mismatch: no fields matched compiling decoder for %s\", name)"] },
  { lib: ['encoding/gob', ['encoding/gob', 'bytes'], 'var b bytes.Buffer; gob.NewEncoder(&b).Encode("str"); var i int; return gob.NewDecoder(&b).Decode(&i)'], site: ["decode.go", "errors.New(\"gob: decoding into local type \""] },
  { lib: ['compress/flate', ['compress/flate', 'bytes', 'io'], '_, err := io.ReadAll(flate.NewReader(bytes.NewReader([]byte{0xff, 0xff}))); return err'], site: ["inflate.go", "f.err = CorruptInputError(f.roffset)", 0] },
  { lib: ['compress/zlib', ['compress/zlib', 'bytes'], '_, err := zlib.NewReader(bytes.NewReader([]byte{0x00, 0x00})); return err'], site: ["reader.go", "z.err = ErrHeader"] },
  { lib: ['debug/elf', ['debug/elf', 'bytes'], '_, err := elf.NewFile(bytes.NewReader([]byte("\\x7fELX" + string(make([]byte, 60))))); return err'], site: ["file.go", "\"bad magic number\""] },
  { lib: ['debug/elf', ['debug/elf', 'bytes'], '_, err := elf.NewFile(bytes.NewReader([]byte("\\x7fELF\\x09" + string(make([]byte, 60))))); return err'], site: ["file.go", "\"unknown ELF class\""] },
  { lib: ['github.com/jmespath/go-jmespath', ['github.com/jmespath/go-jmespath'], '_, err := jmespath.Search("foo[", map[string]interface{}{}); return err'], site: ["parser.go", "p.syntaxError(\"Expected \" + tokenType.String()"] },
  { lib: ['github.com/jmespath/go-jmespath', ['github.com/jmespath/go-jmespath'], '_, err := jmespath.Search("foo.", map[string]interface{}{}); return err'], site: ["parser.go", "p.syntaxError(\"Expected identifier, lbracket, or lbrace\")"] },
  { lib: ['github.com/jmespath/go-jmespath', ['github.com/jmespath/go-jmespath'], '_, err := jmespath.Search("\'abc", map[string]interface{}{}); return err'], site: ["lexer.go", "msg:        \"Unclosed delimiter: '\","] },
  { lib: ['github.com/miekg/dns', ['github.com/miekg/dns'], '_, err := dns.NewRR("example.com. 3600 IN A notanip"); return err'], site: ["scan_rr.go", "&ParseError{\"\", \"bad A A\", l}"] },
  { lib: ['github.com/miekg/dns', ['github.com/miekg/dns'], '_, err := dns.NewRR("example.com. 3600 IN FOO x"); return err'], site: ["scan.go", "zp.setParseError(\"unknown RR type\", l)"] },
  { lib: ['github.com/antonmedv/expr', ['github.com/antonmedv/expr'], '_, err := expr.Compile("foo(1)", expr.Env(map[string]interface{}{})); return err'], site: ["checker/checker.go", "\"unknown func %v\""] },
  { lib: ['github.com/antonmedv/expr', ['github.com/antonmedv/expr'], '_, err := expr.Compile("a.b", expr.Env(map[string]interface{}{"a": 1})); return err'], site: ["checker/checker.go", "\"type %v has no field %v\""] },
  // ---- Held-out round 12 (docs/holdout-round12-go-rust.md): measured before any tuning on them ----
  { lib: ['golang.org/x/mod/module', ['golang.org/x/mod/module'], 'return module.CheckPath("example.com/foo.")'], site: ["module/module.go", "return fmt.Errorf(\"trailing dot in path element\")"], chain: [["module/module.go", "err = &InvalidPathError{Kind: \"module\""]] },
  { lib: ['golang.org/x/mod/module', ['golang.org/x/mod/module'], 'return module.CheckPath("example/foo")'], site: ["module/module.go", "return fmt.Errorf(\"missing dot in first path element\")"], chain: [["module/module.go", "err = &InvalidPathError{Kind: \"module\""]] },
  { lib: ['golang.org/x/mod/module', ['golang.org/x/mod/module'], 'return module.Check("example.com/m", "1.0")'], site: ["module/module.go", "errors.New(\"not a semantic version\")"] },
  { lib: ['golang.org/x/mod/module', ['golang.org/x/mod/module'], 'return module.Check("example.com/m/v2", "v1.0.0")'], site: ["module/module.go", "fmt.Errorf(\"should be %s, not %s\""], chain: [["module/module.go", "return &ModuleError{Path: path, Err: err}"]] },
  { lib: ['github.com/leodido/go-urn', ['github.com/leodido/go-urn'], '_, err := urn.NewMachine().Parse([]byte("xrn:a:b")); return err'], site: ["machine.go", "m.err = fmt.Errorf(errParse, m.p)", 0] },
  { lib: ['github.com/leodido/go-urn', ['github.com/leodido/go-urn'], '_, err := urn.NewMachine().Parse([]byte("urn:-a:b")); return err'], site: ["machine.go", "m.err = fmt.Errorf(errIdentifier, m.p)", 0] },
  { lib: ['go/types', ['go/types', 'go/ast', 'go/parser', 'go/token'], 'fset := token.NewFileSet(); f, err := parser.ParseFile(fset, "x.go", "package p\\nfunc f() int { return y }", 0); if err != nil { return err }; _, err = (&types.Config{}).Check("p", fset, []*ast.File{f}, nil); return err'], site: ["typexpr.go", "\"undeclared name: %s\""] },
  { lib: ['go/types', ['go/types', 'go/ast', 'go/parser', 'go/token'], 'fset := token.NewFileSet(); f, err := parser.ParseFile(fset, "x.go", "package p\\nfunc f() { x := 1 }", 0); if err != nil { return err }; _, err = (&types.Config{}).Check("p", fset, []*ast.File{f}, nil); return err'], site: ["stmt.go", "\"%s declared but not used\", v.name"] },
  { lib: ['go/types', ['go/types', 'go/ast', 'go/parser', 'go/token'], 'fset := token.NewFileSet(); f, err := parser.ParseFile(fset, "x.go", "package p\\nfunc f() int { }", 0); if err != nil { return err }; _, err = (&types.Config{}).Check("p", fset, []*ast.File{f}, nil); return err'], site: ["stmt.go", "\"missing return\""] },
  { lib: ['go/types', ['go/types', 'go/ast', 'go/parser', 'go/token'], 'fset := token.NewFileSet(); f, err := parser.ParseFile(fset, "x.go", "package p\\nfunc f() int { return \\"s\\" }", 0); if err != nil { return err }; _, err = (&types.Config{}).Check("p", fset, []*ast.File{f}, nil); return err'], site: ["assignments.go", "msg := check.sprintf(\"cannot use %s as %s value in %s\""] },
  { lib: ['mime/multipart', ['mime/multipart', 'strings'], '_, err := multipart.NewReader(strings.NewReader("junk\\r\\n"), "b").NextPart(); return err'], site: ["multipart.go", "fmt.Errorf(\"multipart: NextPart: %v\", err)"] },
  { lib: ['crypto/aes', ['crypto/aes'], '_, err := aes.NewCipher(make([]byte, 5)); return err'], site: ["cipher.go", "return nil, KeySizeError(k)"] },
  { lib: ['github.com/subosito/gotenv', ['github.com/subosito/gotenv', 'strings'], '_, err := gotenv.StrictParse(strings.NewReader("A")); return err'], site: ["gotenv.go", "doesn't match format"] },
  { lib: ['golang.org/x/mod/modfile', ['golang.org/x/mod/modfile'], '_, err := modfile.Parse("go.mod", []byte("module x\\nfoo bar\\n"), nil); return err'], site: ["modfile/rule.go", "errorf(\"unknown directive: %s\", verb)"] },
  { lib: ['golang.org/x/mod/modfile', ['golang.org/x/mod/modfile'], '_, err := modfile.Parse("go.mod", []byte("module x\\ngo 1.2\\ngo 1.3\\n"), nil); return err'], site: ["modfile/rule.go", "errorf(\"repeated go statement\")"] },
  { lib: ['golang.org/x/mod/modfile', ['golang.org/x/mod/modfile'], '_, err := modfile.Parse("go.mod", []byte("module x\\nrequire y\\n"), nil); return err'], site: ["modfile/rule.go", "usage: %s module/path v1.2.3"] },
  { lib: ['crypto/tls', ['crypto/tls'], '_, err := tls.X509KeyPair([]byte("x"), []byte("y")); return err'], site: ["tls.go", "return fail(errors.New(\"tls: failed to find any PEM data in certificate input\"))"] },
  // ---- Held-out round 13 (docs/holdout-round13-go-rust.md): measured before any tuning on them ----
  { lib: ['golang.org/x/text/language', ['golang.org/x/text/language'], '_, err := language.Parse("xxx"); return err'], site: ["internal/language/lookup.go", "return 0, NewValueError(s)", 1] },
  { lib: ['golang.org/x/text/language', ['golang.org/x/text/language'], '_, err := language.Parse("abcde"); return err'], site: ["internal/language/parse.go", "return Und, ErrSyntax", 1] },
  { lib: ['github.com/itchyny/timefmt-go', ['github.com/itchyny/timefmt-go'], '_, err := timefmt.Parse("x", "%"); return err'], site: ["parse.go", "err = errors.New(\"stray %\")"], chain: [["parse.go", "err = fmt.Errorf(\"failed to parse %q with %q: %w\""]] },
  { lib: ['github.com/itchyny/timefmt-go', ['github.com/itchyny/timefmt-go'], '_, err := timefmt.Parse("2020-1x", "%Y-%m"); return err'], site: ["parse.go", "err = fmt.Errorf(\"unconverted string: %q\""], chain: [["parse.go", "err = fmt.Errorf(\"failed to parse %q with %q: %w\""]] },
  { lib: ['mime/quotedprintable', ['mime/quotedprintable', 'io', 'strings'], '_, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader("a\\x01b"))); return err'], site: ["reader.go", "invalid unescaped byte 0x%02x in body"] },
  { lib: ['encoding/ascii85', ['encoding/ascii85'], 'dst := make([]byte, 10); _, _, err := ascii85.Decode(dst, []byte("ab~c"), true); return err'], site: ["ascii85.go", "return 0, 0, CorruptInputError(i)"] },
  { lib: ['debug/pe', ['debug/pe', 'bytes'], '_, err := pe.NewFile(bytes.NewReader(append([]byte("MZ"), make([]byte, 200)...))); return err'], site: ["file.go", "fmt.Errorf(\"invalid PE file signature: % x\""] },
  { lib: ['go/scanner', ['go/scanner', 'go/token'], 'fset := token.NewFileSet(); src := []byte("x := \'ab\'"); f := fset.AddFile("x.go", -1, len(src)); var el scanner.ErrorList; var s scanner.Scanner; s.Init(f, src, func(p token.Position, m string) { el.Add(p, m) }, 0); for { _, tok, _ := s.Scan(); if tok == token.EOF { break } }; return el.Err()'], site: ["scanner.go", "s.error(offs, \"illegal rune literal\")"] },
  { lib: ['go/scanner', ['go/scanner', 'go/token'], 'fset := token.NewFileSet(); src := []byte("x := \\"ab"); f := fset.AddFile("x.go", -1, len(src)); var el scanner.ErrorList; var s scanner.Scanner; s.Init(f, src, func(p token.Position, m string) { el.Add(p, m) }, 0); for { _, tok, _ := s.Scan(); if tok == token.EOF { break } }; return el.Err()'], site: ["scanner.go", "s.error(offs, \"string literal not terminated\")"] },
  // ---- Held-out round 14 (docs/holdout-round14-go-rust.md): measured before any tuning on them ----
  { lib: ['golang.org/x/crypto/bcrypt', ['golang.org/x/crypto/bcrypt'], 'h, err := bcrypt.GenerateFromPassword([]byte("a"), 4); if err != nil { return err }; return bcrypt.CompareHashAndPassword(h, []byte("b"))'], site: ["bcrypt/bcrypt.go", "return ErrMismatchedHashAndPassword"] },
  { lib: ['golang.org/x/crypto/bcrypt', ['golang.org/x/crypto/bcrypt'], '_, err := bcrypt.Cost([]byte("$2a$10$abc")); return err'], site: ["bcrypt/bcrypt.go", "return nil, ErrHashTooShort"] },
  { lib: ['golang.org/x/crypto/bcrypt', ['golang.org/x/crypto/bcrypt'], '_, err := bcrypt.Cost([]byte("x2a$10$aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")); return err'], site: ["bcrypt/bcrypt.go", "return -1, InvalidHashPrefixError(sbytes[0])"] },
  { lib: ['golang.org/x/crypto/bcrypt', ['golang.org/x/crypto/bcrypt'], '_, err := bcrypt.GenerateFromPassword([]byte("a"), 99); return err'], site: ["bcrypt/bcrypt.go", "return InvalidCostError(cost)"] },
  { lib: ['golang.org/x/net/idna', ['golang.org/x/net/idna'], '_, err := idna.Lookup.ToASCII("a\\u0000"); return err'], site: ["idna/idna10.0.0.go", "err = runeError(r)"] },
  { lib: ['golang.org/x/net/idna', ['golang.org/x/net/idna'], '_, err := idna.Registration.ToASCII("a..b"); return err'], site: ["idna/idna10.0.0.go", "err = &labelError{s, \"A4\"}", 1] },
  { lib: ['golang.org/x/net/idna', ['golang.org/x/net/idna'], '_, err := idna.Lookup.ToASCII("-a.com"); return err'], site: ["idna/idna10.0.0.go", "return &labelError{s, \"V3\"}"] },
  { lib: ['mime', ['mime'], '_, _, err := mime.ParseMediaType("text/"); return err'], site: ["mediatype.go", "return errors.New(\"mime: expected token after slash\")"] },
  { lib: ['mime', ['mime'], '_, _, err := mime.ParseMediaType("text/html; a"); return err'], site: ["mediatype.go", "return mediatype, nil, ErrInvalidMediaParameter"] },
  { lib: ['mime', ['mime'], '_, err := new(mime.WordDecoder).Decode("=?x-nope?q?a?="); return err'], site: ["encodedword.go", "return fmt.Errorf(\"mime: unhandled charset %q\", charset)"] },
  { lib: ['mime', ['mime'], '_, err := new(mime.WordDecoder).Decode("=?utf-8?q?=zz?="); return err'], site: ["encodedword.go", "return 0, fmt.Errorf(\"mime: invalid hex byte %#02x\", b)"] },
  // ---- Held-out round 15 (docs/holdout-round15-go-rust.md): measured before any tuning on them ----
  { lib: ['golang.org/x/text/currency', ['golang.org/x/text/currency'], '_, err := currency.ParseISO("u1"); return err'], site: ["currency/currency.go", "return Unit{}, errSyntax"] },
  { lib: ['golang.org/x/text/currency', ['golang.org/x/text/currency'], '_, err := currency.ParseISO("QQQ"); return err'], site: ["currency/currency.go", "return Unit{}, errValue"] },
  { lib: ['golang.org/x/crypto/ssh', ['golang.org/x/crypto/ssh'], '_, _, _, _, err := ssh.ParseAuthorizedKey([]byte("x")); return err'], site: ["ssh/keys.go", "return nil, \"\", nil, nil, errors.New(\"ssh: no key found\")"] },
  { lib: ['golang.org/x/crypto/ssh', ['golang.org/x/crypto/ssh'], '_, err := ssh.ParsePublicKey([]byte{0, 0, 0, 3, 97, 98, 99}); return err'], site: ["ssh/keys.go", "return nil, nil, fmt.Errorf(\"ssh: unknown key algorithm: %v\", algo)"] },
  { lib: ['golang.org/x/crypto/ssh', ['golang.org/x/crypto/ssh'], '_, err := ssh.ParseRawPrivateKey([]byte("-----BEGIN FOO KEY-----\\nAAAA\\n-----END FOO KEY-----\\n")); return err'], site: ["ssh/keys.go", "return nil, fmt.Errorf(\"ssh: unsupported key type %q\", block.Type)"] },
  { lib: ['debug/macho', ['debug/macho', 'bytes'], '_, err := macho.NewFile(bytes.NewReader(make([]byte, 64))); return err'], site: ["file.go", "return nil, &FormatError{0, \"invalid magic number\", nil}"] },
  { lib: ['debug/macho', ['debug/macho', 'bytes'], 'h := []byte{0xce, 0xfa, 0xed, 0xfe, 7, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}; _, err := macho.NewFile(bytes.NewReader(h)); return err'], site: ["file.go", "return nil, &FormatError{offset, \"command block too small\", nil}"] },
  { lib: ['crypto/rsa', ['crypto/rsa', 'crypto/rand'], 'k, err := rsa.GenerateKey(rand.Reader, 512); if err != nil { return err }; _, err = rsa.EncryptPKCS1v15(rand.Reader, &k.PublicKey, make([]byte, 100)); return err'], site: ["pkcs1v15.go", "return nil, ErrMessageTooLong"] },
  // ---- Held-out round 16 (docs/holdout-round16-go-rust.md): measured before any tuning on them ----
  { lib: ['golang.org/x/net/dns/dnsmessage', ['golang.org/x/net/dns/dnsmessage'], 'var p dnsmessage.Parser; _, err := p.Start([]byte{1}); return err'], site: ["dns/dnsmessage/message.go", "return 0, off, errBaseLen", 0], chain: [["dns/dnsmessage/message.go", "return Header{}, &nestedError{\"unpacking header\", err}"], ["dns/dnsmessage/message.go", "return off, &nestedError{\"id\", err}"]] },
  { lib: ['golang.org/x/net/dns/dnsmessage', ['golang.org/x/net/dns/dnsmessage', 'strings'], '_, err := dnsmessage.NewName(strings.Repeat("a", 300)); return err'], site: ["dns/dnsmessage/message.go", "return Name{}, errCalcLen"] },
  { lib: ['golang.org/x/net/dns/dnsmessage', ['golang.org/x/net/dns/dnsmessage'], 'var p dnsmessage.Parser; _, err := p.Question(); return err'], site: ["dns/dnsmessage/message.go", "return ErrNotStarted", 0] },
  { lib: ['compress/lzw', ['compress/lzw', 'io', 'strings'], '_, err := io.ReadAll(lzw.NewReader(strings.NewReader("x"), lzw.LSB, 9)); return err'], site: ["reader.go", "r.err = fmt.Errorf(\"lzw: litWidth %d out of range\", litWidth)"] },
  { lib: ['compress/lzw', ['compress/lzw', 'io', 'strings'], '_, err := io.ReadAll(lzw.NewReader(strings.NewReader("\\xff\\xff\\xff\\xff"), lzw.LSB, 8)); return err'], site: ["reader.go", "r.err = errors.New(\"lzw: invalid code\")"] },
  { lib: ['crypto/des', ['crypto/des'], '_, err := des.NewTripleDESCipher([]byte("abc")); return err'], site: ["cipher.go", "return nil, KeySizeError(len(key))", 1] },
  { lib: ['debug/plan9obj', ['debug/plan9obj', 'bytes'], '_, err := plan9obj.NewFile(bytes.NewReader(make([]byte, 64))); return err'], site: ["file.go", "return 0, &formatError{0, \"bad magic number\", magic}"] },
  // ---- Held-out round 17 (docs/holdout-round17-go-rust.md): measured before any tuning on them ----
  { lib: ['database/sql', ['database/sql'], '_, err := sql.Open("nope", ""); return err'], site: ["sql.go", "sql: unknown driver %q (forgotten import?)"] },
  { lib: ['database/sql', ['database/sql'], 'var n sql.NullInt64; return n.Scan("abc")'], site: ["convert.go", "converting driver.Value type %T (%q) to a %s: %v", 0] },
  { lib: ['database/sql', ['database/sql'], 'var n sql.NullFloat64; return n.Scan(true)'], site: ["convert.go", "converting driver.Value type %T (%q) to a %s: %v", 2] },
  { lib: ['database/sql', ['database/sql'], 'var n sql.NullBool; return n.Scan("maybe")'], site: ["driver/types.go", "couldn't convert %q into type bool", 0] },
  { lib: ['database/sql', ['database/sql'], 'var n sql.NullTime; return n.Scan(5)'], site: ["convert.go", "unsupported Scan, storing driver.Value type %T into type %T"] },
  { lib: ['debug/dwarf', ['debug/dwarf'], '_, err := dwarf.New(nil, nil, nil, []byte{1, 2}, nil, nil, nil, nil); return err'], site: ["open.go", "\"too short\"}", 0] },
  { lib: ['debug/dwarf', ['debug/dwarf'], '_, err := dwarf.New(nil, nil, nil, []byte{11, 0, 0, 0, 9, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0}, nil, nil, nil, nil); return err'], site: ["unit.go", "b.error(\"unsupported DWARF version \""], chain: [["buf.go", "b.err = DecodeError{b.name, b.off, s}"]] },
  { lib: ['io/fs', ['io/fs', 'os'], '_, err := fs.Sub(os.DirFS("."), "../x"); return err'], site: ["sub.go", "&PathError{Op: \"sub\", Path: dir, Err: errors.New(\"invalid name\")}"] },
  { lib: ['path', ['path'], '_, err := path.Match("[", "x"); return err'], site: ["match.go", "err = ErrBadPattern", 0] },
  // ---- Held-out round 18 (docs/holdout-round18-go-rust.md): measured before any tuning on them ----
  { lib: ['os/exec', ['os/exec'], '_, err := exec.LookPath("errdex-no-such-command"); return err'], site: ["lp_unix.go", "return \"\", &Error{file, ErrNotFound}"] },
  { lib: ['os/exec', ['os/exec'], 'c := exec.Command("true"); if err := c.Start(); err != nil { return err }; defer c.Wait(); return c.Start()'], site: ["exec.go", "errors.New(\"exec: already started\")"] },
  { lib: ['os/exec', ['os/exec'], 'c := exec.Command("true"); c.Stdout = os.Stdout; _, err := c.StdoutPipe(); return err'], site: ["exec.go", "errors.New(\"exec: Stdout already set\")", 2] },
  { lib: ['os/user', ['os/user'], '_, err := user.Lookup("errdex-no-such-user"); return err'], site: ["cgo_lookup_unix.go", "return nil, UnknownUserError(username)"] },
  { lib: ['os/user', ['os/user'], '_, err := user.LookupGroup("errdex-no-such-group"); return err'], site: ["cgo_lookup_unix.go", "return nil, UnknownGroupError(groupname)"] },
  { lib: ['os/user', ['os/user'], '_, err := user.LookupId("987654"); return err'], site: ["cgo_lookup_unix.go", "return nil, UnknownUserIdError(uid)"] },
  { lib: ['go/build', ['go/build'], '_, err := build.ImportDir("/usr/share/gocode", 0); return err'], site: ["build.go", "return p, &NoGoError{p.Dir}"] },
  { lib: ['go/build', ['go/build'], '_, err := build.ImportDir("/errdex-no-such-dir", 0); return err'], site: ["build.go", "cannot find package %q in:"] },
  { lib: ['go/build', ['go/build'], '_, err := build.Import("./x", "", 0); return err'], site: ["build.go", "import relative to unknown directory"] },
  { lib: ['github.com/kelseyhightower/envconfig', ['github.com/kelseyhightower/envconfig'], 'os.Setenv("ERRDEX_PORT", "abc"); var s struct{ Port int }; return envconfig.Process("errdex", &s)'], site: ["envconfig.go", "return &ParseError{"] },
  { lib: ['github.com/kelseyhightower/envconfig', ['github.com/kelseyhightower/envconfig'], 'var s struct{ Name string `required:"true"` }; return envconfig.Process("errdex", &s)'], site: ["envconfig.go", "required key %s missing value"] },
  { lib: ['github.com/kelseyhightower/envconfig', ['github.com/kelseyhightower/envconfig'], 'var s struct{ Name string }; return envconfig.Process("errdex", s)'], site: ["envconfig.go", "return nil, ErrInvalidSpecification", 0] },
  // ---- Held-out round 19 (docs/holdout-round19-go-rust.md): measured before any tuning on them ----
  { lib: ['crypto/cipher', ['crypto/cipher', 'crypto/aes'], 'b, err := aes.NewCipher(make([]byte, 16)); if err != nil { return err }; _, err = cipher.NewGCMWithTagSize(b, 3); return err'], site: ["gcm.go", "errors.New(\"cipher: incorrect tag size given to GCM\")"] },
  { lib: ['crypto/cipher', ['crypto/cipher', 'crypto/aes'], 'type blk struct{ cipher.Block }; b, err := aes.NewCipher(make([]byte, 16)); if err != nil { return err }; g, err := cipher.NewGCM(blk{b}); if err != nil { return err }; _, err = g.Open(nil, make([]byte, 12), make([]byte, 20), nil); return err'], site: ["gcm.go", "return nil, errOpen", 2] },
  { lib: ['debug/buildinfo', ['debug/buildinfo'], '_, err := buildinfo.ReadFile("/etc/hostname"); return err'], site: ["buildinfo.go", "return \"\", \"\", errUnrecognizedFormat", 0] },
  { lib: ['gopkg.in/yaml.v2', ['gopkg.in/yaml.v2'], 'var v struct{ A int }; return yaml.Unmarshal([]byte("a: abc"), &v)'], site: ["decode.go", "d.terrors = append(d.terrors, fmt.Sprintf(\"line %d: cannot unmarshal %s%s into %s\""], chain: [["yaml.go", "return &TypeError{d.terrors}", 0]] },
  { lib: ['github.com/spf13/viper', ['github.com/spf13/viper'], 'v := viper.New(); v.SetConfigName("errdex"); v.AddConfigPath("/errdex-no-such-dir"); return v.ReadInConfig()'], site: ["viper_go1_16.go", "return \"\", ConfigFileNotFoundError{v.configName, fmt.Sprintf(\"%s\", v.configPaths)}"] },
  { lib: ['github.com/spf13/viper', ['github.com/spf13/viper'], 'v := viper.New(); v.SetConfigFile("/etc/hostname.nope"); return v.ReadInConfig()'], site: ["viper.go", "return UnsupportedConfigError(v.getConfigType())", 0] },
  { lib: ['github.com/spf13/viper', ['github.com/spf13/viper', 'strings'], 'v := viper.New(); v.SetConfigType("yaml"); return v.ReadConfig(strings.NewReader("a: ["))'], site: ["viper.go", "return ConfigParseError{err}", 0] },
  { lib: ['golang.org/x/net/publicsuffix', ['golang.org/x/net/publicsuffix'], '_, err := publicsuffix.EffectiveTLDPlusOne("com"); return err'], site: ["publicsuffix/list.go", "cannot derive eTLD+1 for domain %q"] },
  { lib: ['golang.org/x/net/publicsuffix', ['golang.org/x/net/publicsuffix'], '_, err := publicsuffix.EffectiveTLDPlusOne("a..com"); return err'], site: ["publicsuffix/list.go", "empty label in domain %q"] },
  // ---- Held-out round 20 (docs/holdout-round20-go-rust.md): measured before any tuning on them ----
  { lib: ['golang.org/x/mod/sumdb/note', ['golang.org/x/mod/sumdb/note'], '_, err := note.NewVerifier("errdex"); return err'], site: ["sumdb/note/note.go", "return nil, errVerifierID", 0] },
  { lib: ['golang.org/x/mod/sumdb/note', ['golang.org/x/mod/sumdb/note'], '_, err := note.NewSigner("errdex"); return err'], site: ["sumdb/note/note.go", "return nil, errSignerID", 0] },
  { lib: ['golang.org/x/mod/sumdb/note', ['golang.org/x/mod/sumdb/note'], '_, err := note.Open([]byte("hello\\n"), nil); return err'], site: ["sumdb/note/note.go", "return nil, errMalformedNote", 1] },
  { lib: ['golang.org/x/crypto/openpgp/packet', ['golang.org/x/crypto/openpgp/packet', 'bytes'], '_, err := packet.Read(bytes.NewReader([]byte{0x01, 0x02})); return err'], site: ["openpgp/packet/packet.go", "err = errors.StructuralError(\"tag byte does not have MSB set\")"] },
  { lib: ['debug/gosym', ['debug/gosym'], 'var t gosym.Table; _, _, err := t.LineToPC("errdex.go", 1); return err'], site: ["symtab.go", "return 0, nil, UnknownFileError(file)"] },
  { lib: ['crypto/rc4', ['crypto/rc4'], '_, err := rc4.NewCipher(nil); return err'], site: ["rc4.go", "return nil, KeySizeError(k)"] },
  { lib: ['github.com/go-playground/universal-translator', ['github.com/go-playground/universal-translator', 'github.com/go-playground/locales/en'], 'u := ut.New(en.New(), en.New()); t, _ := u.GetTranslator("en"); if err := t.Add("k", "a", false); err != nil { return err }; return t.Add("k", "b", false)'], site: ["translator.go", "return &ErrConflictingTranslation{locale: t.Locale(), key: key, text: text}"] },
  { lib: ['github.com/go-playground/universal-translator', ['github.com/go-playground/universal-translator', 'github.com/go-playground/locales/en'], 'u := ut.New(en.New(), en.New()); t, _ := u.GetTranslator("en"); return t.Add("k", "a {0", false)'], site: ["translator.go", "return &ErrMissingBracket{"] },
  { lib: ['github.com/go-playground/universal-translator', ['github.com/go-playground/universal-translator', 'github.com/go-playground/locales/en'], 'u := ut.New(en.New(), en.New()); t, _ := u.GetTranslator("en"); return t.Add("k", "a {1}", false)'], site: ["translator.go", "return &ErrBadParamSyntax{"] },
  { lib: ['github.com/go-playground/universal-translator', ['github.com/go-playground/universal-translator', 'github.com/go-playground/locales/en'], 'u := ut.New(en.New(), en.New()); return u.AddTranslator(en.New(), false)'], site: ["universal_translator.go", "return &ErrExistingTranslator{locale: translator.Locale()}", 0] },
];

/** The tree errdex analyzes for a package: the Debian library's repository directory, or the stdlib package's directory. */
const rootOf = (pkg) => (pkg.includes('.') ? path.join(GOPATH, 'src', pkg.split('/').slice(0, pkg.startsWith('gopkg.in/') ? 2 : 3).join('/')) : path.join(GOROOT, 'src', pkg));

/** The line of a site spec: the `nth` line of `file` holding `text`, moved by `offset` (a struct literal opened on the line before the text). */
function siteLine(root, [file, text, nth = 0, offset = 0]) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const at = lines.flatMap((l, i) => (l.includes(text) ? [i + 1] : []));
  if (at.length <= nth) throw new Error(`${root}/${file}: ${nth + 1} line(s) holding ${JSON.stringify(text)} expected, found ${at.length}: the site moved`);
  return at[nth] + offset;
}

function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-go-corpus-'));
  const env = { ...process.env, GO111MODULE: 'off', GOPATH, GOFLAGS: '', GOCACHE: path.join(work, 'cache') };
  const groups = new Map();
  CASES.forEach((c, i) => {
    if (RESERVED.test(c.lib[0])) throw new Error(`${c.lib[0]} is reserved for the independent evaluation`);
    const k = [...c.lib[1]].sort().join(' ');
    groups.set(k, [...(groups.get(k) ?? []), i]);
  });
  const runs = new Map();
  let g = 0;
  for (const [k, idxs] of groups) {
    const dir = path.join(work, `g${g++}`);
    fs.mkdirSync(dir, { recursive: true });
    const imports = new Set([...k.split(' '), 'fmt', 'os']);
    const src = `package main\n\nimport (\n${[...imports].map((m) => `\t${JSON.stringify(m)}`).join('\n')}\n)\n\n${idxs.map((i) => `func case${i}() error {\n\t${CASES[i].lib[2]}\n}\n`).join('\n')}\nfunc main() {\n\tvar err error\n\tswitch os.Args[1] {\n${idxs.map((i) => `\tcase "${i}":\n\t\terr = case${i}()\n`).join('')}\t}\n\tif err != nil {\n\t\tfmt.Fprint(os.Stderr, err.Error())\n\t\tos.Exit(1)\n\t}\n}\n`;
    fs.writeFileSync(path.join(dir, 'main.go'), src);
    const b = spawnSync('go', ['build', '-o', 'prog', 'main.go'], { cwd: dir, env, encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`build of ${k} failed:\n${b.stderr}`);
    for (const i of idxs) runs.set(i, { ...spawnSync(path.join(dir, 'prog'), [String(i)], { encoding: 'utf8', timeout: 20000 }), code: CASES[i].lib[2] });
  }
  const perPkg = new Map();
  const out = [];
  CASES.forEach((c, i) => {
    const r = runs.get(i);
    const [pkg] = c.lib;
    const root = rootOf(pkg);
    const stderr = r.stderr.replace(/\n+$/, '');
    let site;
    let message = stderr;
    if (c.site === null) {
      if (r.status !== 2 || !stderr.startsWith('panic: ')) throw new Error(`case ${i} (${pkg}): a panic expected, got status ${r.status}: ${stderr.slice(0, 200)}`);
      message = stderr.slice(7, stderr.indexOf('\n') < 0 ? undefined : stderr.indexOf('\n')).replace(/ \[recovered\]$/, '');
      const frame = [...stderr.matchAll(/^\t(\/\S+\.go):(\d+)/gm)].find((m) => m[1].startsWith(root + '/'));
      if (!frame) throw new Error(`case ${i} (${pkg}): no frame inside ${root}`);
      site = { file: frame[1], line: Number(frame[2]), rel: path.relative(root, frame[1]) };
    } else {
      if (r.status !== 1 || !stderr) throw new Error(`case ${i} (${pkg}): an error expected, got status ${r.status}: ${stderr.slice(0, 200)}`);
      const line = siteLine(root, c.site);
      site = { file: path.join(root, c.site[0]), line, rel: c.site[0] };
    }
    const short = pkg.split('/').filter((p) => !/^v\d+$/.test(p)).pop().replace(/^go-/, '').replace(/\.v\d+$/, '');
    const n = (perPkg.get(short) ?? 0) + 1;
    perPkg.set(short, n);
    out.push({
      id: `go-${short}-${String(n).padStart(2, '0')}`,
      ecosystem: pkg.includes('.') ? 'go-debian' : 'go-stdlib',
      package: pkg,
      root,
      code: c.lib[2],
      errorClass: '',
      message,
      trace: stderr,
      site,
      ...(c.chain ? { chain: [...c.chain.map((spec) => ({ rel: spec[0], line: siteLine(root, spec) })), { rel: site.rel, line: site.line }] } : {}),
    });
  });
  const classified = classifyAll(out);
  fs.writeFileSync(path.join(REPO, 'eval/corpus/go.jsonl'), classified.map((r) => JSON.stringify(r) + '\n').join(''));
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`eval/corpus/go.jsonl: ${classified.length} cases`);
}

main();
