#!/usr/bin/python3
"""Regenerate eval/corpus/python.jsonl: real Python errors with their true throw sites.

Run with the Debian interpreter (library files must live under /usr/lib/python3.11 and
/usr/lib/python3/dist-packages):

    /usr/bin/python3 eval/gen/python_cases.py [--only ID_PREFIX] [--verbose]

Every case is a small snippet run in a fresh `/usr/bin/python3 -W ignore -c <code>` subprocess.
Its stderr (the traceback exactly as Python prints it) is the `trace`; `str(exc)` and the
printed class name are captured by an `sys.excepthook` wrapper installed from a
`sitecustomize.py` on PYTHONPATH (it adds no frames and does not change the printed text).
The site is the innermost frame of the last traceback section whose file is inside the
library under test, whatever its line is: a `raise`, or a call into C code or another package
(a `native` case). Cases with no frame in the library, or raised in user code the library called,
are skipped and counted. eval/gen/classify.mjs gives each case its category and kind.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
EVAL_DIR = os.path.dirname(HERE)
OUT = os.path.join(EVAL_DIR, 'corpus', 'python.jsonl')
STDLIB = '/usr/lib/python3.11'
DIST = '/usr/lib/python3/dist-packages'
# Fixed scratch directory, so that paths inside messages are the same on every run.
WORK = '/tmp/errdex-eval-py'
HOOK_DIR = os.path.join(WORK, '_hook')
PY = '/usr/bin/python3'

HOOK = r'''
import json, os, sys
_out = os.environ.get('ERRDEX_EVAL_OUT')
_orig = sys.excepthook
def _hook(tp, value, tb):
    if _out:
        mod = getattr(tp, '__module__', 'builtins')
        qn = getattr(tp, '__qualname__', tp.__name__)
        printed = qn if mod in ('builtins', '__main__') else mod + '.' + qn
        try:
            msg = str(value)
            # A SyntaxError with a line number prints its msg alone (the file and line are
            # printed above it), not str(exc): "unmatched ')'", not "unmatched ')' (<input>, line 1)".
            if isinstance(value, SyntaxError) and isinstance(value.msg, str) and isinstance(value.lineno, int):
                msg = value.msg
        except Exception as e:  # pragma: no cover
            msg = '<unprintable: %r>' % (e,)
        with open(_out, 'w', encoding='utf-8') as f:
            json.dump({'errorClass': printed, 'message': msg}, f)
    _orig(tp, value, tb)
sys.excepthook = _hook
'''

# Files that some cases read. Written fresh before the run.
FIXTURES = {
    'netrc.bad': 'machine build.example.com login deploy password s3cret\nproxy 10.0.0.1\n',
    'not-a-zip.zip': 'this is plain text, not a zip archive\n',
    'broken_module.py': 'def handler(event):\n    return event[\n',
    'settings.po': 'msgid "greeting"\nmsgstr "Hallo"\n\nmsgid "farewell"\nmsgstr "Tschuess"\nmsgctxt\n',
    'users.csv': 'id,email\n1,ada@example.com\n2,grace@example.com\n',
    'tabs.yaml': 'server:\n\tport: 8080\n',
    'nogroup.desktop': 'Name=App\n',
    'notype.desktop': '[Desktop Entry]\nName=App\nExec=app\n',
    'theme.desktop': '[Desktop Entry]\nName=App\n',
    'Kconfig.expr': 'config FOO\n\tbool "foo"\n\tdefault y if\n',
    'Kconfig.endif': 'config FOO\n\tbool "foo"\nendif\n',
}

# Debian libraries (import name -> file or directory under dist-packages). Anything not
# listed here is a standard-library module.
DEBIAN = {
    'jwt', 'oauthlib', 'pyparsing', 'cryptography', 'httplib2', 'blinker', 'six', 'xmltodict',
    'networkx', 'pint', 'lark', 'jsonpatch', 'jsonpointer', 'semantic_version', 'isodate',
    'iso8601', 'pytz', 'jmespath', 'rsa', 'ecdsa', 'itsdangerous', 'schema', 'tomlkit',
    'configobj', 'netaddr', 'dns', 'rfc3986', 'humanfriendly', 'bitstring', 'construct',
    'polib', 'num2words', 'phonenumbers', 'soupsieve', 'more_itertools', 'sortedcontainers',
    'simpleeval', 'docopt', 'parse', 'typeguard', 'webob', 'bottle', 'sqlparse', 'xmlschema',
    'elementpath', 'docutils', 'lazr.uri', 'pkg_resources', 'roman', 'crcmod', 'pyasn1',
    'OpenSSL', 'formencode', 'wtforms', 'simplejson', 'ply', 'chameleon', 'genshi',
    'cssselect', 'html5lib', 'jsonpath_rw', 'parsimonious', 'regex', 'textfsm', 'pyrsistent',
    'boltons',
    'hamcrest', 'pycparser', 'strictyaml', 'arpeggio', 'tempita', 'dacite', 'json5', 'pystache',
    'ruamel.yaml', 'transitions', 'tabulate', 'cssutils', 'bidict', 'natsort', 'uritemplate',
    'intervaltree', 'asteval', 'webencodings',
    'toposort', 'stdnum', 'aniso8601', 'sexpdata', 'hashids', 'base58', 'cachetools', 'toolz',
    'commonmark', 'mistune', 'jsonpickle', 'dotenv', 'tinycss2',
    'sqlglot', 'kajiki', 'crontab', 'webcolors', 'pycountry', 'quantities', 'pendulum', 'cattrs',
    'umsgpack', 'hyperlink', 'uncertainties', 'rdflib',
    'asn1crypto', 'calmjs.parse', 'jwcrypto', 'ldap3', 'pybtex', 'passlib', 'moneyed', 'markdown_it',
    'Cheetah',
    'zope.interface', 'traitlets', 'confuse', 'defusedxml', 'vobject', 'authlib', 'pathvalidate',
    'semver',
    'h11', 'pykwalify', 'google.protobuf', 'xdg', 'kconfiglib', 'prettytable', 'wsproto', 'texttable',
    'typepy', 'furl', 'unidiff', 'icalendar', 'decouple',
    'license_expression', 'boolean', 'tld', 'hyperframe', 'hpack', 'h2', 'IPy',
    'websockets', 'pymongo', 'bson', 'avro', 'isbnlib', 'geojson', 'colour', 'qrcode',
    'dynaconf', 'metomi.isodatetime', 'iniconfig', 'debian', 'kaitaistruct', 'funcparserlib', 'libconf',
    'omegaconf',
    'typedload', 'airspeed', 'demjson', 'hcl', 'staticconf', 'vdf',
    'setuptools._distutils', 'yarl', 'fastjsonschema', 'tomli_w', 'uritools',
    'cfgv', 'pyld', 'rply', 'pathspec', 'pyotp', 'editorconfig',
    'deepdiff', 'dateparser', 'scss', 'ijson', 'multipart',
    'confection', 'graphql', 'datetimerange', 'geomet', 'pypeg2',
    'oslo_config', 'oslo_utils', 'parsley', 'catalogue', 'stevedore', 'tinydb',
}

CASES: list[tuple[str, str]] = []


def case(package: str, code: str) -> None:
    CASES.append((package, textwrap.dedent(code).strip() + '\n'))


# --------------------------------------------------------------------------------------
# Python standard library
# --------------------------------------------------------------------------------------
case('difflib', '''
    import difflib
    delta = difflib.ndiff(['alpha\\n'], ['beta\\n'])
    print(''.join(difflib.restore(delta, 3)))
''')
case('difflib', '''
    import difflib
    old = [b'name = "svc"\\n']
    new = [b'name = "svc2"\\n']
    print(''.join(difflib.unified_diff(old, new, 'a.toml', 'b.toml')))
''')
case('_strptime', '''
    import time
    time.strptime('2024-13-45', '%Y-%m-%d')
''')
case('_strptime', '''
    import time
    time.strptime('2024-01-01 extra', '%Y-%m-%d')
''')
case('_strptime', '''
    import time
    time.strptime('2024 week 3', '%Y week %Q')
''')
case('netrc', '''
    import netrc
    netrc.netrc('/tmp/errdex-eval-py/netrc.bad')
''')
case('graphlib', '''
    from graphlib import TopologicalSorter
    deps = {'api': {'db'}, 'db': {'migrations'}, 'migrations': {'api'}}
    print(list(TopologicalSorter(deps).static_order()))
''')
case('graphlib', '''
    from graphlib import TopologicalSorter
    ts = TopologicalSorter({'build': ['fetch']})
    ts.prepare()
    ts.add('deploy', 'build')
''')
case('graphlib', '''
    from graphlib import TopologicalSorter
    ts = TopologicalSorter({'build': ['fetch']})
    ts.prepare()
    ts.done('deploy')
''')
case('genericpath', '''
    import os
    os.path.join('/srv/data', 42)
''')
case('posixpath', '''
    import os
    os.path.commonpath(['/usr/lib', 'usr/local/lib'])
''')
case('ntpath', '''
    import ntpath
    ntpath.relpath('C:\\\\Users\\\\ada\\\\report.txt', 'D:\\\\backup')
''')
case('os', '''
    import os
    os.environ['PORT'] = 8080
''')
case('os', '''
    import os
    os.popen('ls -l', 'rw')
''')
case('timeit', '''
    import timeit
    timeit.timeit(stmt=42, number=10)
''')
case('tokenize', '''
    import io, tokenize
    src = 'def f(:\\n    x = (1,\\n'
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        pass
''')
case('unittest', '''
    import unittest
    unittest.TestCase().assertEqual({'user': 'ada', 'role': 'admin'}, {'user': 'ada', 'role': 'guest'})
''')
case('unittest', '''
    import unittest
    unittest.TestCase().assertIn('admin', ['user', 'guest'])
''')
case('unittest', '''
    import unittest
    unittest.TestCase().assertAlmostEqual(1.0, 1.1)
''')
case('unittest', '''
    from unittest import mock
    notify = mock.Mock(name='notify')
    notify('ops@example.com')
    notify.assert_called_once_with('dev@example.com')
''')
case('unittest', '''
    from unittest import mock
    m = mock.Mock(spec=['open', 'close'])
    m.flush()
''')
case('urllib.request', '''
    import urllib.request
    urllib.request.urlopen('localhost/api/v1/users')
''')
case('urllib.request', '''
    import urllib.request
    urllib.request.urlopen('file:///nonexistent/errdex/config.json')
''')
case('xml.sax', '''
    import xml.sax
    xml.sax.parseString(b'<config><port>8080</config>', xml.sax.ContentHandler())
''')
case('xmlrpc.client', '''
    import xmlrpc.client
    xmlrpc.client.dumps(({'id': 1, 'parent': None},), 'tasks.create')
''')
case('xmlrpc.client', '''
    import xmlrpc.client
    xmlrpc.client.dumps(({1: 'a', 2: 'b'},), 'tasks.update')
''')
case('xmlrpc.client', '''
    import xmlrpc.client
    xmlrpc.client.dumps((2 ** 40,), 'files.seek')
''')
case('zipapp', '''
    import zipapp
    zipapp.create_archive('/nonexistent/myapp', '/tmp/errdex-eval-py/myapp.pyz')
''')
case('zipimport', '''
    import zipimport
    zipimport.zipimporter('/tmp/errdex-eval-py/not-a-zip.zip')
''')
case('gettext', '''
    import gettext
    gettext.translation('myapp', localedir='/nonexistent/locale', languages=['de'])
''')
case('gettext', '''
    import gettext
    gettext.c2py('n != 1 ? 0 : import os')
''')
case('tracemalloc', '''
    import tracemalloc
    tracemalloc.start()
    snap = tracemalloc.take_snapshot()
    snap.statistics('function')
''')
case('selectors', '''
    import selectors
    sel = selectors.DefaultSelector()
    sel.unregister(99)
''')
case('selectors', '''
    import selectors, socket
    sel = selectors.DefaultSelector()
    sel.register(socket.socket(), 0)
''')
case('ssl', '''
    import ssl
    ssl.PEM_cert_to_DER_cert('MIIBszCCAVmgAwIBAgIUQ')
''')
case('sunau', '''
    import io, sunau
    sunau.open(io.BytesIO(b'RIFF\\x24\\x00\\x00\\x00WAVEfmt ' + bytes(24)))
''')
case('aifc', '''
    import io, aifc
    aifc.open(io.BytesIO(b'RIFF\\x24\\x00\\x00\\x00WAVEfmt ' + bytes(24)))
''')
case('bz2', '''
    import bz2
    bz2.open('/tmp/errdex-eval-py/archive.bz2', 'rw')
''')
case('lzma', '''
    import lzma
    lzma.open('/tmp/errdex-eval-py/archive.xz', 'rb', preset=9)
''')
case('functools', '''
    import functools
    @functools.total_ordering
    class Version:
        def __init__(self, s):
            self.s = s
''')
case('functools', '''
    import functools
    @functools.singledispatch
    def render(obj):
        return str(obj)
    @render.register
    def _(obj: 'list[int]'):
        return ','.join(map(str, obj))
''')
case('runpy', '''
    import runpy
    runpy.run_module('myproject.cli')
''')
case('wsgiref', '''
    from wsgiref.headers import Headers
    Headers({'Content-Type': 'text/html'})
''')
case('csv', '''
    import csv, io
    w = csv.DictWriter(io.StringIO(), fieldnames=['name', 'email'])
    w.writerow({'name': 'Ada', 'emial': 'ada@example.com'})
''')
case('csv', '''
    import csv
    csv.Sniffer().sniff('just one field\\nanother field\\n', delimiters=',;')
''')
case('pickletools', '''
    import pickletools
    pickletools.dis(b'garbage')
''')
case('pickle', '''
    import sys
    sys.modules['_pickle'] = None   # force the pure-Python implementation
    import pickle
    pickle.loads(b'\\x80\\x09N.')
''')
case('_pydecimal', '''
    import sys
    sys.modules['_decimal'] = None  # force the pure-Python implementation
    import decimal
    decimal.Decimal('12.5.0')
''')
case('_pydecimal', '''
    import sys
    sys.modules['_decimal'] = None  # force the pure-Python implementation
    import decimal
    total = decimal.Decimal('100.00')
    print(total / decimal.Decimal(0))
''')
case('dis', '''
    import dis
    dis.dis(42)
''')
case('fileinput', '''
    import fileinput
    fileinput.input(files=['notes.txt'], mode='w')
''')
case('ftplib', '''
    import ftplib
    ftplib.parse227('227 Entering Passive Mode')
''')
case('ftplib', '''
    import ftplib
    ftplib.parse257('550 /incoming: Permission denied')
''')
case('imaplib', '''
    import imaplib
    imaplib.Time2Internaldate('yesterday')
''')
case('pkgutil', '''
    import pkgutil
    pkgutil.resolve_name('my-app.handlers:main')
''')
case('pstats', '''
    import pstats
    pstats.Stats(42)
''')
case('webbrowser', '''
    import webbrowser
    webbrowser.get('netscape-navigator')
''')
case('mailbox', '''
    import mailbox
    mailbox.MH('/nonexistent/Mail/inbox', create=False)
''')
case('dbm', '''
    import dbm
    dbm.open('/tmp/errdex-eval-py/missing-cache', 'r')
''')
case('multiprocessing', '''
    import multiprocessing
    multiprocessing.get_context('threads')
''')
case('multiprocessing', '''
    import multiprocessing
    multiprocessing.Pool(processes=0)
''')
case('encodings', '''
    from encodings import idna
    idna.ToASCII('a' * 70)
''')
case('contextlib', '''
    import contextlib
    @contextlib.contextmanager
    def transaction(enabled):
        if enabled:
            yield
    with transaction(False):
        pass
''')
case('contextlib', '''
    import contextlib
    @contextlib.contextmanager
    def retrying():
        yield
        yield
    with retrying():
        pass
''')
case('smtplib', '''
    import smtplib
    smtplib.SMTP().sendmail('noreply@example.com', ['ada@example.com'], 'Subject: hi\\n\\nhello')
''')
case('ctypes', '''
    import ctypes
    ctypes.CDLL('libdoesnotexist.so.1')
''')
case('uu', '''
    import io, uu
    uu.decode(io.BytesIO(b'hello world\\n'), io.BytesIO())
''')
case('xdrlib', '''
    import xdrlib
    xdrlib.Packer().pack_uint(-1)
''')
case('socket', '''
    import socket
    socket.socket().makefile('rx')
''')
case('copyreg', '''
    import copyreg
    class Conn: pass
    copyreg.pickle(Conn, 'reduce_conn')
''')
case('weakref', '''
    import weakref
    weakref.WeakMethod(print)
''')
case('py_compile', '''
    import py_compile
    py_compile.compile('/tmp/errdex-eval-py/broken_module.py', doraise=True)
''')
case('warnings', '''
    import warnings
    warnings.simplefilter('sometimes')
''')
case('warnings', '''
    import warnings
    warnings.filterwarnings('ignore', category='DeprecationWarning')
''')

# --------------------------------------------------------------------------------------
# Debian-packaged libraries (/usr/lib/python3/dist-packages)
# --------------------------------------------------------------------------------------
case('jwt', '''
    import jwt
    jwt.decode('eyJhbGciOiJIUzI1NiJ9.e30.c2ln', 'secret')
''')
case('jwt', '''
    import jwt
    jwt.encode({'sub': 'ada'}, 'secret', algorithm='HS999')
''')
case('jwt', '''
    import jwt
    token = jwt.encode({'sub': 'ada', 'exp': 1000}, 'secret', algorithm='HS256')
    jwt.decode(token, 'secret', algorithms=['HS256'])
''')
case('jwt', '''
    import jwt
    token = jwt.encode({'name': 'ada'}, 'secret', algorithm='HS256')
    jwt.decode(token, 'secret', algorithms=['HS256'], options={'require': ['sub']})
''')
case('jwt', '''
    import jwt
    jwt.decode('not-a-jwt', 'secret', algorithms=['HS256'])
''')
case('oauthlib', '''
    from oauthlib.oauth2 import WebApplicationClient
    client = WebApplicationClient('my-client-id')
    client.parse_request_uri_response('https://app.example.com/cb?error=access_denied&state=xyz', state='xyz')
''')
case('oauthlib', '''
    from oauthlib.oauth2 import WebApplicationClient
    WebApplicationClient('my-client-id').prepare_request_uri('http://auth.example.com/authorize')
''')
case('oauthlib', '''
    from oauthlib.oauth2.rfc6749 import parameters
    parameters.parse_token_response('{"token_type": "bearer", "expires_in": 3600}')
''')
case('oauthlib', '''
    import oauthlib.oauth1
    oauthlib.oauth1.Client('key', signature_method='HMAC-MD5').sign('https://api.example.com/')
''')
case('pyparsing', '''
    import pyparsing as pp
    port = pp.Word(pp.nums)('port')
    port.parse_string('http')
''')
case('pyparsing', '''
    import pyparsing as pp
    assignment = pp.Word(pp.alphas) + pp.Literal('=') + pp.Word(pp.nums)
    assignment.parse_string('timeout = 30s', parse_all=True)
''')
case('pyparsing', '''
    import pyparsing as pp
    pp.Word('')
''')
case('cryptography', '''
    from cryptography.fernet import Fernet
    Fernet(b'my-secret-key')
''')
case('cryptography', '''
    from cryptography.hazmat.primitives import hashes
    h = hashes.Hash(hashes.SHA256())
    h.update('payload')
''')
case('cryptography', '''
    from cryptography import x509
    from cryptography.x509.oid import NameOID
    x509.NameAttribute(NameOID.COUNTRY_NAME, 'USA')
''')
case('cryptography', '''
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    AESGCM(b'0123456789')
''')
case('httplib2', '''
    import httplib2
    httplib2.Http().request('api.example.com/v1/items')
''')
case('blinker', '''
    from blinker import signal
    saved = signal('saved')
    saved.send('model', 'extra')
''')
case('six', '''
    import six
    six.ensure_str(3.14)
''')
case('six', '''
    import six
    six.ensure_binary(['a', 'b'])
''')
case('xmltodict', '''
    import xmltodict
    xmltodict.unparse({'user': 'ada', 'role': 'admin'})
''')
case('networkx', '''
    import networkx as nx
    G = nx.path_graph(4)
    G.remove_node(7)
''')
case('networkx', '''
    import networkx as nx
    G = nx.DiGraph([('a', 'b'), ('b', 'c'), ('c', 'a')])
    list(nx.topological_sort(G))
''')
case('networkx', '''
    import networkx as nx
    G = nx.Graph([(1, 2), (3, 4)])
    nx.shortest_path(G, 1, 4)
''')
case('networkx', '''
    import networkx as nx
    G = nx.Graph([(1, 2)])
    nx.shortest_path(G, 1, 9)
''')
case('pint', '''
    import pint
    ureg = pint.UnitRegistry()
    (3 * ureg.meter).to('second')
''')
case('pint', '''
    import pint
    ureg = pint.UnitRegistry()
    ureg('12 furlongz')
''')
case('pint', '''
    import pint
    ureg = pint.UnitRegistry()
    ureg.Quantity(3, 'kg') + ureg.Quantity(2, 's')
''')
case('lark', '''
    from lark import Lark
    Lark('start: "a"+').parse('aab')
''')
case('lark', '''
    from lark import Lark
    Lark('start: item+\\nitem: NAME ";"\\n%import common.CNAME -> NAME\\n', parser='lalr').parse('foo;bar')
''')
case('lark', '''
    from lark import Lark
    Lark('start: expr\\n')
''')
case('jsonpatch', '''
    import jsonpatch
    jsonpatch.apply_patch({'name': 'ada'}, [{'op': 'remove', 'path': '/email'}])
''')
case('jsonpatch', '''
    import jsonpatch
    jsonpatch.apply_patch({}, [{'op': 'frobnicate', 'path': '/a'}])
''')
case('jsonpointer', '''
    import jsonpointer
    jsonpointer.resolve_pointer({'items': [1, 2, 3]}, '/items/5')
''')
case('jsonpointer', '''
    import jsonpointer
    jsonpointer.JsonPointer('items/0')
''')
case('semantic_version', '''
    import semantic_version
    semantic_version.Version('1.2')
''')
case('semantic_version', '''
    import semantic_version
    semantic_version.Version('01.2.3')
''')
case('semantic_version', '''
    import semantic_version
    semantic_version.SimpleSpec('>>1.0')
''')
case('isodate', '''
    import isodate
    isodate.parse_duration('1 hour')
''')
case('isodate', '''
    import isodate
    isodate.parse_date('not-a-date')
''')
case('isodate', '''
    import isodate
    isodate.parse_datetime('2024-01-15')
''')
case('iso8601', '''
    import iso8601
    iso8601.parse_date('next tuesday')
''')
case('pytz', '''
    import pytz
    pytz.timezone('Mars/Olympus_Mons')
''')
case('pytz', '''
    import pytz
    from datetime import datetime
    pytz.timezone('America/New_York').localize(datetime(2024, 3, 10, 2, 30), is_dst=None)
''')
case('pytz', '''
    import pytz
    from datetime import datetime
    pytz.timezone('America/New_York').localize(datetime(2024, 11, 3, 1, 30), is_dst=None)
''')
case('jmespath', '''
    import jmespath
    jmespath.search('people[?age > `30`', {'people': []})
''')
case('jmespath', '''
    import jmespath
    jmespath.search('length(`1`, `2`)', {})
''')
case('jmespath', '''
    import jmespath
    jmespath.search('abs(name)', {'name': 'ada'})
''')
case('jmespath', '''
    import jmespath
    jmespath.search('to_csv(@)', {})
''')
case('rsa', '''
    import rsa
    rsa.verify(b'hello', b'\\x00\\x01', rsa.PublicKey(3233, 17))
''')
case('rsa', '''
    import rsa
    rsa.PublicKey.load_pkcs1(b'<RSAKeyValue/>', format='XML')
''')
case('rsa', '''
    import rsa.pem
    rsa.pem.load_pem(b'ssh-rsa AAAAB3NzaC1yc2E', 'RSA PUBLIC KEY')
''')
case('ecdsa', '''
    import ecdsa
    ecdsa.SigningKey.from_string(b'short-key', curve=ecdsa.NIST256p)
''')
case('ecdsa', '''
    import ecdsa
    sk = ecdsa.SigningKey.from_string(b'\\x01' * 32, curve=ecdsa.NIST256p)
    sk.get_verifying_key().verify(b'\\x00' * 64, b'message')
''')
case('itsdangerous', '''
    from itsdangerous import URLSafeSerializer
    URLSafeSerializer('secret-key').loads('eyJ1c2VyIjoiYWRhIn0')
''')
case('itsdangerous', '''
    from itsdangerous import Signer
    Signer('secret-key').unsign(b'user-42.tamperedsig')
''')
case('itsdangerous', '''
    from itsdangerous import Signer
    Signer('secret-key', digest_method='sha1', algorithm=None, sep='a')
''')
case('schema', '''
    from schema import Schema
    Schema({'name': str, 'age': int}).validate({'name': 'ada', 'age': 'thirty'})
''')
case('schema', '''
    from schema import Schema, And
    Schema(And(int, lambda n: 0 < n < 65536)).validate(70000)
''')
case('schema', '''
    from schema import Schema
    Schema({'host': str, 'port': int}).validate({'host': 'db', 'prot': 5432})
''')
case('tomlkit', '''
    import tomlkit
    tomlkit.parse('[server]\\nport = 8080\\nport = 9090\\n')
''')
case('tomlkit', '''
    import tomlkit
    tomlkit.parse('name = "svc\\n')
''')
case('tomlkit', '''
    import tomlkit
    tomlkit.parse('timeout = 30s\\n')
''')
case('configobj', '''
    from configobj import ConfigObj
    ConfigObj(['[database', 'host = db.internal'])
''')
case('configobj', '''
    from configobj import ConfigObj
    ConfigObj(['[database]', 'host = a', 'host = b'])
''')
case('netaddr', '''
    import netaddr
    netaddr.IPAddress('300.1.1.1')
''')
case('netaddr', '''
    import netaddr
    netaddr.IPNetwork('10.0.0.0/33')
''')
case('netaddr', '''
    import netaddr
    netaddr.EUI('zz:zz:zz')
''')
case('dns', '''
    import dns.name
    dns.name.from_text('a' * 64 + '.example.com')
''')
case('dns', '''
    import dns.rdatatype
    dns.rdatatype.from_text('AAAAA')
''')
case('dns', '''
    import dns.message
    dns.message.from_wire(b'\\x12\\x34\\x01')
''')
case('rfc3986', '''
    from rfc3986 import uri_reference, validators
    validators.Validator().require_presence_of('scheme', 'host').validate(uri_reference('/relative/path'))
''')
case('rfc3986', '''
    from rfc3986 import uri_reference, validators
    validators.Validator().allow_schemes('https').validate(uri_reference('ftp://files.example.com/'))
''')
case('humanfriendly', '''
    import humanfriendly
    humanfriendly.parse_size('12 XB')
''')
case('humanfriendly', '''
    import humanfriendly
    humanfriendly.parse_timespan('3 fortnights')
''')
case('bitstring', '''
    import bitstring
    bitstring.BitArray(uint=300, length=8)
''')
case('bitstring', '''
    import bitstring
    bitstring.BitArray('0xZZ')
''')
case('construct', '''
    from construct import Int16ub
    Int16ub.parse(b'\\x01')
''')
case('construct', '''
    from construct import Struct, Const, Int32ul
    Header = Struct('magic' / Const(b'MZ'), 'size' / Int32ul)
    Header.parse(b'PE\\x00\\x00\\x00\\x00')
''')
case('polib', '''
    import polib
    polib.pofile('/tmp/errdex-eval-py/settings.po')
''')
case('phonenumbers', '''
    import phonenumbers
    phonenumbers.parse('555-0142', None)
''')
case('phonenumbers', '''
    import phonenumbers
    phonenumbers.parse('call me', 'US')
''')
case('soupsieve', '''
    import soupsieve
    soupsieve.compile('div[data-id')
''')
case('soupsieve', '''
    import soupsieve
    soupsieve.compile('a:hovered')
''')
case('more_itertools', '''
    import more_itertools
    more_itertools.one(['primary', 'replica'])
''')
case('more_itertools', '''
    import more_itertools
    list(more_itertools.chunked('abcdefg', 3, strict=True))
''')
case('sortedcontainers', '''
    from sortedcontainers import SortedList
    SortedList([3, 1, 2]).index(5)
''')
case('sortedcontainers', '''
    from sortedcontainers import SortedList
    SortedList([1, 2]).insert(0, 5)
''')
case('simpleeval', '''
    from simpleeval import simple_eval
    simple_eval('price * quantity')
''')
case('simpleeval', '''
    from simpleeval import simple_eval
    simple_eval('9 ** 9 ** 9')
''')
case('simpleeval', '''
    from simpleeval import simple_eval
    simple_eval('open("/etc/passwd")')
''')
case('docopt', '''
    from docopt import docopt
    docopt('Naval Fate.\\n\\nOptions:\\n  -h --help  Show this screen.\\n', argv=[])
''')
case('parse', '''
    import parse
    parse.compile('{name:zz}')
''')
case('typeguard', '''
    from typeguard import typechecked
    @typechecked
    def resize(width: int, height: int) -> None:
        pass
    resize(640, '480')
''')
case('webob', '''
    from webob import Response
    Response(status='OK')
''')
case('webob', '''
    from webob import Response
    Response(body=b'{"ok": true}', app_iter=[b'{"ok": false}'])
''')
case('bottle', '''
    import bottle
    app = bottle.Bottle()
    app.get_url('user_profile', id=5)
''')
case('bottle', '''
    import bottle
    bottle.response.status = 'teapot'
''')
case('sqlparse', '''
    import sqlparse
    sqlparse.format('select 1', reindent=True, indent_width='four')
''')
case('xmlschema', '''
    import xmlschema
    xsd = xmlschema.XMLSchema("""<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <xs:element name="port" type="xs:positiveInteger"/>
    </xs:schema>""")
    xsd.validate('<port>eighty</port>')
''')
case('elementpath', '''
    import elementpath
    from xml.etree import ElementTree
    elementpath.select(ElementTree.XML('<a><b/></a>'), '//b[')
''')
case('elementpath', '''
    import elementpath
    from xml.etree import ElementTree
    elementpath.select(ElementTree.XML('<a><b/></a>'), 'no-such-fn(b)')
''')
case('docutils', '''
    from docutils.core import publish_string
    publish_string('Title\\n=====\\n\\n.. unknown-directive:: x\\n', writer_name='null',
                   settings_overrides={'halt_level': 2})
''')
case('docutils', '''
    from docutils.core import publish_string
    publish_string('hello', writer_name='no-such-writer')
''')
case('lazr.uri', '''
    from lazr.uri import URI
    URI('not a uri at all')
''')
case('pkg_resources', '''
    import pkg_resources
    pkg_resources.get_distribution('my-internal-toolkit')
''')
case('pkg_resources', '''
    import pkg_resources
    pkg_resources.EntryPoint.parse('console_scripts:main')
''')
case('roman', '''
    import roman
    roman.toRoman(5000)
''')
case('roman', '''
    import roman
    roman.fromRoman('IIII')
''')
case('crcmod', '''
    import crcmod
    crcmod.mkCrcFun(0x12)
''')
case('pyasn1', '''
    from pyasn1.codec.der import decoder
    decoder.decode(b'\\x30\\x05\\x02\\x01')
''')
case('OpenSSL', '''
    from OpenSSL import crypto
    crypto.load_certificate(crypto.FILETYPE_PEM, b'-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----\\n')
''')


# --------------------------------------------------------------------------------------
# Issue 12: messages not written at the raise. Standard library modules calling C (the site
# is the call line: `native`), then Debian validation libraries, parsers and template engines.
# --------------------------------------------------------------------------------------
case('csv', '''
    import csv
    with open('/tmp/errdex-eval-py/users.csv', 'rb') as f:
        for row in csv.DictReader(f):
            print(row['email'])
''')
case('csv', '''
    import csv, io
    csv.field_size_limit(64)
    data = io.StringIO('id,notes\\n7,' + 'lorem ipsum ' * 20 + '\\n')
    print(list(csv.DictReader(data)))
''')
case('csv', '''
    import csv
    with open('/tmp/errdex-eval-py/users.csv', encoding='utf-8') as f:
        w = csv.DictWriter(f, fieldnames=['id', 'email'])
        w.writerow({'id': 3, 'email': 'grace@example.com'})
''')
case('sqlite3', '''
    import sqlite3
    db = sqlite3.connect(':memory:', detect_types=sqlite3.PARSE_DECLTYPES)
    db.execute('create table events (id integer, day date)')
    db.execute("insert into events values (1, '2024/03/05')")
    print(db.execute('select * from events').fetchall())
''')
case('sqlite3', '''
    import sqlite3
    db = sqlite3.connect(':memory:', detect_types=sqlite3.PARSE_DECLTYPES)
    db.execute('create table logins (user text, at timestamp)')
    db.execute("insert into logins values ('ada', '2024-03-05T10:15:00')")
    print(db.execute('select * from logins').fetchall())
''')
case('bz2', '''
    import bz2
    bz2.decompress(b'BZh91AY&SY this archive was truncated')
''')
case('lzma', '''
    import lzma
    lzma.decompress(b'\\xfd7zXZ\\x00\\x00 broken stream')
''')
case('copy', '''
    import copy, threading
    config = {'retries': 3, 'lock': threading.Lock()}
    copy.deepcopy(config)
''')
case('copy', '''
    import copy
    rows = (n * n for n in range(10))
    copy.deepcopy({'rows': rows})
''')
case('heapq', '''
    import heapq
    scores = [31, 'n/a', 17, 42]
    print(heapq.nlargest(2, scores))
''')
case('queue', '''
    import queue
    q = queue.PriorityQueue()
    q.put((1, {'job': 'backup'}))
    q.put((1, {'job': 'report'}))
''')
case('selectors', '''
    import selectors
    sel = selectors.EpollSelector()
    f = open('/tmp/errdex-eval-py/users.csv')
    sel.register(f, selectors.EVENT_READ)
''')
case('socket', '''
    import socket
    socket.getaddrinfo('localhost', 'no-such-service')
''')
case('socket', '''
    import socket
    socket.create_connection(('127.0.0.1', 9), timeout=2)
''')
case('signal', '''
    import signal
    signal.signal(99, signal.SIG_IGN)
''')
case('tty', '''
    import os, tty
    fd = os.open('/dev/null', os.O_RDONLY)
    tty.setraw(fd)
''')
case('mimetypes', '''
    import mimetypes
    mimetypes.guess_type(8080)
''')
case('filecmp', '''
    import filecmp
    filecmp.cmp('/tmp/errdex-eval-py/users.csv', '/tmp/errdex-eval-py/users-old.csv', shallow=False)
''')
case('os', '''
    import os
    os.makedirs('/tmp/errdex-eval-py/_hook')
''')
case('codecs', '''
    import codecs
    codecs.getencoder('utf-9')
''')
case('codecs', '''
    import codecs
    codecs.open('/tmp/errdex-eval-py/missing/notes.txt', encoding='utf-8')
''')
case('xmlrpc.client', '''
    import xmlrpc.client
    body = '<methodResponse><params><param><value><int>forty</int></value></param></params></methodResponse>'
    xmlrpc.client.loads(body)
''')
case('xmlrpc.client', '''
    import xmlrpc.client
    body = '<methodResponse><params><param><value><double>1,5</double></value></param></params></methodResponse>'
    xmlrpc.client.loads(body)
''')
case('codeop', '''
    import codeop
    codeop.compile_command('print(total))')
''')
case('timeit', '''
    import timeit
    timeit.timeit('items = [1, 2,, 3]', number=5)
''')
case('weakref', '''
    import weakref
    cache = weakref.WeakValueDictionary()
    cache['answer'] = 42
''')
case('html', '''
    import html
    html.unescape(b'Tom &amp; Jerry')
''')
case('html', '''
    import html
    html.escape(None)
''')
case('colorsys', '''
    import colorsys
    colorsys.rgb_to_hsv('0.5', 0.2, 0.1)
''')
case('difflib', '''
    import difflib
    print(difflib.SequenceMatcher(None, 1234, 1243).ratio())
''')
case('gettext', '''
    import gettext, io
    gettext.GNUTranslations(io.BytesIO(b'\\x95'))
''')
case('pstats', '''
    import pstats
    pstats.Stats('/tmp/errdex-eval-py/profile.out')
''')
case('netrc', '''
    import netrc
    netrc.netrc('/tmp/errdex-eval-py/missing.netrc')
''')
case('socketserver', '''
    import socketserver
    socketserver.TCPServer(('127.0.0.1', 80800), socketserver.BaseRequestHandler)
''')
case('multiprocessing', '''
    import multiprocessing
    multiprocessing.Array('i', [1, 2, 'three'])
''')
case('fileinput', '''
    import fileinput
    for line in fileinput.input(files=['/tmp/errdex-eval-py/logs/app.log']):
        print(line)
''')
case('tokenize', '''
    import tokenize
    tokenize.open('/tmp/errdex-eval-py/missing_module.py')
''')
case('cProfile', '''
    import cProfile
    cProfile.run('for i in range(3) print(i)')
''')
case('uu', '''
    import io, uu
    uu.decode(io.BytesIO(b'begin 644 report.txt\\n~~~~~~~~\\n`\\nend\\n'), io.BytesIO())
''')
case('xdrlib', '''
    import xdrlib
    p = xdrlib.Packer()
    p.pack_int('forty-two')
''')

# --- Debian: validation libraries ---------------------------------------------------------
case('formencode', '''
    from formencode import validators
    validators.Int().to_python('twelve')
''')
case('formencode', '''
    from formencode import validators
    validators.Email().to_python('ada@@example')
''')
case('formencode', '''
    from formencode import validators
    validators.MinLength(8).to_python('hunter2')
''')
case('formencode', '''
    from formencode import validators
    validators.OneOf(['draft', 'published']).to_python('archived')
''')
case('formencode', '''
    import formencode
    from formencode import validators
    class Signup(formencode.Schema):
        email = validators.Email(not_empty=True)
        age = validators.Int(min=13)
    Signup().to_python({'email': 'grace@example.com', 'age': '9'})
''')
case('formencode', '''
    from formencode import validators
    validators.URL().to_python('htp//example.com')
''')
case('formencode', '''
    import formencode
    from formencode import validators
    class Login(formencode.Schema):
        username = validators.PlainText(not_empty=True)
        password = validators.String(min=6)
    Login().to_python({'username': 'ada lovelace', 'password': 'abc', 'remember': 'yes'})
''')
case('wtforms', '''
    from wtforms import Form, StringField
    from wtforms.validators import Length
    class Profile(Form):
        nickname = StringField('Nickname')
    form = Profile(data={'nickname': 'al'})
    Length(min=3, max=20)(form, form.nickname)
''')
case('wtforms', '''
    from wtforms import Form, IntegerField
    from wtforms.validators import NumberRange
    class Order(Form):
        quantity = IntegerField('Quantity')
    form = Order(data={'quantity': 500})
    NumberRange(min=1, max=99)(form, form.quantity)
''')
case('wtforms', '''
    from wtforms import Form, StringField
    from wtforms.validators import AnyOf
    class Ticket(Form):
        priority = StringField('Priority')
    form = Ticket(data={'priority': 'urgent'})
    AnyOf(['low', 'normal', 'high'])(form, form.priority)
''')
case('wtforms', '''
    from wtforms import Form, StringField
    from wtforms.validators import URL
    class Link(Form):
        homepage = StringField('Homepage')
    form = Link(data={'homepage': 'example dot com'})
    URL()(form, form.homepage)
''')
case('simplejson', '''
    import simplejson
    simplejson.loads('{"name": "ada", "roles": ["admin",]}')
''')
case('simplejson', '''
    import simplejson
    simplejson.loads("{'port': 8080}")
''')
case('simplejson', '''
    import simplejson
    simplejson.loads('{"a": 1} {"b": 2}')
''')
case('simplejson', '''
    import simplejson
    simplejson.dumps({'ratio': float('nan')}, allow_nan=False)
''')
case('simplejson', '''
    import simplejson, datetime
    simplejson.dumps({'created': datetime.date(2024, 3, 5)})
''')
case('schema', '''
    from schema import Schema
    Schema({'name': str, 'port': int}).validate({'name': 'api'})
''')
case('schema', '''
    from schema import Schema, Or
    Schema({'level': Or('debug', 'info', 'warn')}).validate({'level': 'verbose'})
''')
# --- Debian: parsers with error tables -----------------------------------------------------
case('ply', '''
    import ply.lex as lex
    tokens = ('NUMBER', 'PLUS')
    t_NUMBER = r'\\d+'
    t_PLUS = r'\\+'
    t_ignore = ' '
    lexer = lex.lex()
    lexer.input('3 + 4 * 5')
    for tok in lexer:
        print(tok)
''')
case('lark', '''
    from lark import Lark
    parser = Lark('start: "a" "b"')
    parser.parse('ax')
''')
case('lark', '''
    from lark import Lark
    Lark('start: item+\\nitem: NAME "=" value\\n%import common.CNAME -> NAME')
''')
case('pyparsing', '''
    import pyparsing as pp
    port = pp.Word(pp.nums).set_name('port number')
    (pp.Literal('port') + '=' + port).parse_string('port = eighty')
''')
case('pyparsing', '''
    import pyparsing as pp
    key = pp.Word(pp.alphas)
    pair = key + pp.Suppress('=') + pp.Word(pp.alphanums)
    pp.OneOrMore(pair).parse_string('host=db port=5432 =oops', parse_all=True)
''')
# --- Debian: template engines ----------------------------------------------------------------
case('chameleon', '''
    from chameleon import PageTemplate
    PageTemplate('<p tal:contents="title">x</p>')
''')
case('genshi', '''
    from genshi.template import MarkupTemplate
    MarkupTemplate('<div><p>unclosed</div>')
''')
case('genshi', '''
    from genshi.template import MarkupTemplate
    MarkupTemplate('<p xmlns:py="http://genshi.edgewall.org/" py:iff="ok">x</p>')
''')
case('genshi', '''
    from genshi.template import MarkupTemplate
    t = MarkupTemplate('<p>${user.name.upper()}</p>')
    print(t.generate(user=None).render())
''')
case('genshi', '''
    from genshi.template import MarkupTemplate
    MarkupTemplate('<p>Total: ${price *}</p>')
''')
case('chameleon', '''
    from chameleon import PageTemplate
    PageTemplate('<p tal:content="python: total +">x</p>')
''')
case('construct', '''
    from construct import Struct, Const, Int16ub
    header = Struct('magic' / Const(b'PK'), 'size' / Int16ub)
    header.parse(b'PK\\x01')
''')
case('tomlkit', '''
    import tomlkit
    tomlkit.parse('[server]\\nport = 80 80\\n')
''')
case('dns', '''
    import dns.name
    dns.name.from_text('api..example.com')
''')
case('dns', '''
    import dns.ipv4
    dns.ipv4.inet_aton('10.0.300.1')
''')
case('oauthlib', '''
    from oauthlib.oauth2 import WebApplicationClient
    client = WebApplicationClient('my-client-id')
    client.parse_request_uri_response('https://app.example.com/callback?error=invalid_scope', state=None)
''')
case('oauthlib', '''
    from oauthlib.oauth2 import WebApplicationClient
    client = WebApplicationClient('my-client-id')
    client.parse_request_uri_response('https://app.example.com/callback?code=abc123&state=xyz', state='s3cr3t')
''')
case('urllib.request', '''
    import urllib.request
    urllib.request.urlopen('http://127.0.0.1:9/health', timeout=2)
''')
case('chameleon', '''
    from chameleon import PageTemplate
    PageTemplate('<a tal:attributes="href python: url(">link</a>')
''')
case('jwt', '''
    import jwt
    token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.bm90LWpzb24.c2ln'
    jwt.decode(token, options={'verify_signature': False})
''')
case('jwt', '''
    import jwt
    jwt.get_unverified_header('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9fQ.e30.c2ln')
''')
case('configobj', '''
    from configobj import ConfigObj
    ConfigObj(['port = 8080'], configspec=['[server', 'port = integer(min=1)'])
''')
case('webob', '''
    from webob.cookies import SignedSerializer
    SignedSerializer('s3cret', 'session').loads(b'not!base64')
''')
case('elementpath', '''
    from elementpath.datatypes import AnyURI
    AnyURI('http://[::1/index.html')
''')
case('genshi', '''
    from genshi.template import MarkupTemplate
    MarkupTemplate('<ul><li>${items[}</li></ul>')
''')
case('chameleon', '''
    from chameleon import PageTemplate
    PageTemplate('<div tal:define="total python: sum(prices">x</div>')
''')
case('xml.sax', '''
    import xml.sax
    xml.sax.parseString(b'<user id="1" id="2"><name>ada</name></user>', xml.sax.ContentHandler())
''')
case('xml.sax', '''
    import xml.sax
    xml.sax.parseString(b'<?xml version="1.0"?>\\n<rss><channel>&nbsp;</channel></rss>', xml.sax.ContentHandler())
''')
case('tomlkit', '''
    import tomlkit
    tomlkit.parse('[database]\\nurl = "postgres://db.internal/app\\n')
''')

# --------------------------------------------------------------------------------------
# Held-out set (docs/evaluation-holdout.md): libraries added after the code was tuned on the
# cases above, measured before anyone tuned to them.
# --------------------------------------------------------------------------------------
# --- standard library: C-backed calls, helpers -----------------------------------------
case('shelve', '''
    import shelve, threading
    with shelve.open('/tmp/errdex-eval-py/jobs.shelf') as db:
        db['worker'] = threading.Lock()
''')
case('shelve', '''
    import shelve
    db = shelve.open('/tmp/errdex-eval-py/jobs.shelf')
    db.close()
    print(db['worker'])
''')
case('sched', '''
    import sched
    s = sched.scheduler()
    job = s.enter(5, 1, print, ('tick',))
    s.cancel(job)
    s.cancel(job)
''')
case('sched', '''
    import sched
    sched.scheduler().enter('soon', 1, print)
''')
case('_pyio', '''
    import _pyio
    _pyio.TextIOWrapper(_pyio.BytesIO(b'id,name\\n'), encoding='latin-9')
''')
case('_pyio', '''
    import _pyio
    _pyio.open('/tmp/errdex-eval-py/missing/settings.ini')
''')
case('_pyio', '''
    import _pyio
    _pyio.open('/tmp/errdex-eval-py/report.txt', 'rw')
''')
case('_pyio', '''
    import _pyio
    _pyio.open('/tmp/errdex-eval-py/report.txt', 'w', newline='\\t')
''')
case('symtable', '''
    import symtable
    symtable.symtable('def handler(event:\\n    return event\\n', 'handler.py', 'exec')
''')
case('curses', '''
    import curses
    curses.wrapper(lambda screen: screen.addstr(0, 0, 'ready'))
''')
case('nturl2path', '''
    import nturl2path
    nturl2path.url2pathname('//fileserver|share/reports|2024')
''')
case('fnmatch', '''
    import fnmatch
    fnmatch.filter(['report.csv', 'notes.txt'], b'*.csv')
''')
# --- Debian: parsers with error tables, validators, C-backed -----------------------------
case('cssselect', '''
    from cssselect import GenericTranslator
    GenericTranslator().css_to_xpath('ul > > li')
''')
case('cssselect', '''
    from cssselect import GenericTranslator
    GenericTranslator().css_to_xpath('li:nth-child(odd-ish)')
''')
case('cssselect', '''
    from cssselect import GenericTranslator
    GenericTranslator().css_to_xpath('p::first-line')
''')
case('html5lib', '''
    import html5lib
    html5lib.HTMLParser(strict=True).parse('<p>Hello</div>')
''')
case('html5lib', '''
    import html5lib
    html5lib.HTMLParser(strict=True).parse('<!DOCTYPE html><table><td>1</td></tr></table>')
''')
case('html5lib', '''
    import html5lib
    html5lib.HTMLParser(strict=True).parse('<!DOCTYPE html><p><b>bold</p>')
''')
case('jsonpath_rw', '''
    from jsonpath_rw import parse
    parse('$.store.book[?(@.price < 10)]')
''')
case('jsonpath_rw', '''
    from jsonpath_rw import parse
    parse('$.store..]')
''')
case('parsimonious', '''
    from parsimonious.grammar import Grammar
    Grammar('greeting = "hi" / "hello"').parse('hey')
''')
case('parsimonious', '''
    from parsimonious.grammar import Grammar
    Grammar('greeting = "hi" / "hello"').parse('hello!')
''')
case('parsimonious', '''
    from parsimonious.grammar import Grammar
    Grammar('config = pair+\\npair = key "=" value').parse('a=b')
''')
case('regex', '''
    import regex
    regex.compile(r'(?P<year>\\d{4}-(?P<month>\\d{2})')
''')
case('regex', '''
    import regex
    regex.compile(r'[z-a]+')
''')
case('regex', '''
    import regex
    regex.sub(r'(\\w+)@(\\w+)', r'\\3 at \\1', 'ada@example')
''')
case('textfsm', '''
    import io, textfsm
    textfsm.TextFSM(io.StringIO('Value Interface (\\\\S+)\\n\\nStart\\n  ^${Interface} -> Parse\\n'))
''')
case('textfsm', '''
    import io, textfsm
    textfsm.TextFSM(io.StringIO('Value Interface\\n\\nStart\\n'))
''')
case('textfsm', '''
    import io, textfsm
    textfsm.TextFSM(io.StringIO('Value Interface (\\\\S+)\\n\\nStart\\n  ^${Status} -> Record\\n'))
''')
case('pyrsistent', '''
    from pyrsistent import PRecord, field
    class Endpoint(PRecord):
        port = field(type=int, mandatory=True)
    Endpoint(port='8080')
''')
case('pyrsistent', '''
    from pyrsistent import PRecord, field
    class Endpoint(PRecord):
        port = field(type=int, mandatory=True)
    Endpoint()
''')
case('boltons', '''
    from boltons.strutils import parse_int_list
    parse_int_list('1,3-x,9')
''')
case('boltons', '''
    from boltons.timeutils import parse_timedelta
    parse_timedelta('3 fortnights')
''')

# --- held-out round 3 (Python): standard library --------------------------------------
case('lib2to3', '''
    from lib2to3 import pygram, pytree
    from lib2to3.pgen2 import driver
    d = driver.Driver(pygram.python_grammar, convert=pytree.convert)
    d.parse_string('total = price +\\n')
''')
case('lib2to3', '''
    from lib2to3 import pygram, pytree
    from lib2to3.pgen2 import driver
    d = driver.Driver(pygram.python_grammar, convert=pytree.convert)
    d.parse_string('items = [1, 2,\\n')
''')
case('lib2to3', '''
    from lib2to3.patcomp import compile_pattern
    compile_pattern("power< 'print' trailer< '(' any* ')' >")
''')
case('lib2to3', '''
    from lib2to3.refactor import RefactoringTool
    RefactoringTool(['lib2to3.fixes.fix_print3'])
''')
case('quopri', '''
    import quopri
    quopri.encodestring('caf\\u00e9 au lait')
''')
case('quopri', '''
    import io, quopri
    quopri.encode(io.StringIO('subject: hello'), io.BytesIO(), quotetabs=False)
''')
case('quopri', '''
    import io, quopri
    quopri.decode(io.BytesIO(b'caf=C3=A9'), io.StringIO())
''')
# --- held-out round 3 (Python): Debian -------------------------------------------------
case('hamcrest', '''
    from hamcrest import assert_that, equal_to
    assert_that({'retries': 3}, equal_to({'retries': 5}))
''')
case('hamcrest', '''
    from hamcrest import assert_that, has_length
    assert_that(['a', 'b'], has_length(3))
''')
case('hamcrest', '''
    from hamcrest import assert_that, starts_with
    assert_that('release-1.2', starts_with(1))
''')
case('hamcrest', '''
    from hamcrest import assert_that, calling, raises
    assert_that(calling(int).with_args('42'), raises(ValueError))
''')
case('hamcrest', '''
    from hamcrest import assert_that, close_to
    assert_that(0.5, close_to('1', 0.1))
''')
case('pycparser', '''
    from pycparser import c_parser
    c_parser.CParser().parse('int main(void) { return 0 }')
''')
case('pycparser', '''
    from pycparser import c_parser
    c_parser.CParser().parse('int limit = 10 @ 2;')
''')
case('pycparser', '''
    from pycparser import c_parser
    c_parser.CParser().parse('int mode = 09;')
''')
case('pycparser', '''
    from pycparser import c_parser
    c_parser.CParser().parse('typedef int count_t; count_t;')
''')
case('strictyaml', '''
    from strictyaml import load, Map, Str, Int
    load('host: db.local\\n', Map({'host': Str(), 'port': Int()}))
''')
case('strictyaml', '''
    from strictyaml import load, Map, Int
    load('port: eighty\\n', Map({'port': Int()}))
''')
case('strictyaml', '''
    from strictyaml import load
    load('port: 80\\nport: 81\\n')
''')
case('strictyaml', '''
    from strictyaml import load
    load('limits: {cpu: 2}\\n')
''')
case('strictyaml', '''
    from strictyaml import load, Map, Str
    load('host: db\\nuser: ada\\n', Map({'host': Str()}))
''')
case('arpeggio', '''
    from arpeggio import ParserPython, EOF
    def number(): return _(r'\\d+')
    from arpeggio import RegExMatch as _
    def pair(): return 'x', '=', number, EOF
    ParserPython(pair).parse('x = y')
''')
case('arpeggio', '''
    from arpeggio.peg import ParserPEG
    ParserPEG('config <- pair+ EOF;', 'config')
''')
case('arpeggio', '''
    from arpeggio.cleanpeg import ParserPEG
    ParserPEG('config = "a" ( "b"', 'config')
''')
case('arpeggio', '''
    from arpeggio import ParserPython
    ParserPython(lambda: 42)
''')
case('tempita', '''
    import tempita
    tempita.Template('{{if admin}}<b>admin</b>').substitute(admin=True)
''')
case('tempita', '''
    import tempita
    tempita.Template('{{for item}}{{item}}{{endfor}}')
''')
case('tempita', '''
    import tempita
    tempita.Template('{{endif}}')
''')
case('dacite', '''
    from dataclasses import dataclass
    from dacite import from_dict
    @dataclass
    class Server:
        port: int
    from_dict(Server, {'port': '8080'})
''')
case('dacite', '''
    from dataclasses import dataclass
    from dacite import from_dict
    @dataclass
    class Server:
        host: str
        port: int
    from_dict(Server, {'host': 'db'})
''')
case('dacite', '''
    from dataclasses import dataclass
    from dacite import from_dict, Config
    @dataclass
    class Server:
        host: str
    from_dict(Server, {'host': 'db', 'hots': 'x'}, config=Config(strict=True))
''')
case('dacite', '''
    from dataclasses import dataclass
    from typing import Union
    from dacite import from_dict
    @dataclass
    class Server:
        port: Union[int, float]
    from_dict(Server, {'port': 'auto'})
''')
case('json5', '''
    import json5
    json5.loads('{retries: }')
''')
case('json5', '''
    import json5
    json5.loads('')
''')
case('json5', '''
    import json5
    json5.dumps({('a', 1): 'pair'})
''')
case('json5', '''
    import json5
    json5.dumps({'tags': {1j}})
''')
case('json5', '''
    import json5
    json5.loads('{"a": 1, "a": 2}', allow_duplicate_keys=False)
''')
case('pystache', '''
    import pystache
    pystache.render('{{#items}}<li>{{name}}</li>{{/item}}', {'items': []})
''')
case('pystache', '''
    import pystache
    pystache.Renderer(missing_tags='strict').render('Hello {{user.name}}', {'user': {}})
''')
case('pystache', '''
    import pystache
    pystache.Renderer(missing_tags='strict').render('{{> footer}}', {})
''')

# --- held-out round 4 (Python): standard library --------------------------------------
# Mostly calls into C whose text is the runtime's own (`native`), a few literal raises.
case('tempfile', '''
    import tempfile
    tempfile.NamedTemporaryFile(mode='rz')
''')
case('tempfile', '''
    import tempfile
    buf = tempfile.SpooledTemporaryFile(max_size=10, mode='w+')
    buf.write(b'header,value')
''')
case('tempfile', '''
    import tempfile
    tempfile.mkdtemp(suffix=b'.d', prefix='build-')
''')
case('glob', '''
    import glob
    list(glob.iglob('*.txt', root_dir=5))
''')
case('glob', '''
    import glob
    glob.glob(42)
''')
case('imghdr', '''
    import imghdr
    imghdr.what('/tmp/errdex-eval-py/missing/logo.png')
''')
case('imghdr', '''
    import imghdr, io
    imghdr.what(io.StringIO('GIF89a'))
''')
case('sndhdr', '''
    import sndhdr
    sndhdr.what('/tmp/errdex-eval-py/missing/beep.wav')
''')
case('linecache', '''
    import linecache
    linecache.getline(12, 1)
''')
case('telnetlib', '''
    import telnetlib
    telnetlib.Telnet().write('status\\n')
''')
case('telnetlib', '''
    import telnetlib
    telnetlib.Telnet().read_until('login: ', timeout=0)
''')
case('urllib.robotparser', '''
    import urllib.robotparser
    urllib.robotparser.RobotFileParser().parse(5)
''')
case('modulefinder', '''
    import modulefinder
    modulefinder.ModuleFinder().load_file('/tmp/errdex-eval-py/missing_plugin.py')
''')
case('sysconfig', '''
    import sysconfig
    sysconfig.get_path('headers_dir')
''')
case('pipes', '''
    import pipes
    pipes.Template().append('tr a-z A-Z', 'xx')
''')
case('pipes', '''
    import pipes
    t = pipes.Template()
    t.append('tr a-z A-Z', '--')
    t.open('/tmp/errdex-eval-py/out.txt', 'rw')
''')
case('crypt', '''
    import crypt
    crypt.mksalt(crypt.METHOD_SHA512, rounds='5000')
''')
case('crypt', '''
    import crypt
    crypt.mksalt(crypt.METHOD_SHA512, rounds=100)
''')
case('doctest', '''
    import doctest
    doctest.DocTestParser().parse('>>>print(1)\\n1\\n')
''')
case('pprint', '''
    import pprint
    pprint.PrettyPrinter(width=0)
''')
case('pyclbr', '''
    import pyclbr
    pyclbr.readmodule_ex('billing_plugins')
''')
# --- held-out round 4 (Python): Debian -------------------------------------------------
case('ruamel.yaml', '''
    from ruamel.yaml import YAML
    YAML().load('ports: [80, 443\\nhost: example.org\\n')
''')
case('ruamel.yaml', '''
    from ruamel.yaml import YAML
    YAML().load('defaults: &base {retries: 3}\\nservice: *defaultz\\n')
''')
case('ruamel.yaml', '''
    from ruamel.yaml import YAML
    YAML().load('name: api\\nname: worker\\n')
''')
case('transitions', '''
    from transitions import Machine
    m = Machine(states=['draft', 'published'], initial='draft', transitions=[['publish', 'published', 'draft']])
    m.publish()
''')
case('transitions', '''
    from transitions import Machine
    m = Machine(states=['draft', 'published'], initial='draft')
    m.add_transition('archive', 'draft', 'archived')
    m.archive()
''')
case('transitions', '''
    from transitions import Machine
    m = Machine(states=['draft', 'published'], initial='draft')
    m.trigger('unpublish')
''')
case('tabulate', '''
    from tabulate import tabulate
    tabulate([['ada', 36]], headers=['name', 'age'], showindex=[1, 2, 3])
''')
case('tabulate', '''
    from tabulate import tabulate
    tabulate(5)
''')
case('cssutils', '''
    import cssutils
    cssutils.css.Property('color', 'red').priority = 'urgent'
''')
case('cssutils', '''
    import cssutils
    cssutils.css.CSSStyleSheet().insertRule('body color: red')
''')
case('cssutils', '''
    import cssutils
    cssutils.css.CSSStyleSheet().cssText = '@import ;'
''')
case('bidict', '''
    from bidict import bidict
    users = bidict({'ada': 1})
    users['grace'] = 1
''')
case('bidict', '''
    from bidict import bidict, ON_DUP_RAISE
    bidict().putall([('ada', 1), ('ada', 2)], on_dup=ON_DUP_RAISE)
''')
case('natsort', '''
    import natsort
    natsort.natsorted(['v1.10', 'v1.2'], alg='version')
''')
case('uritemplate', '''
    import uritemplate
    uritemplate.URITemplate(5)
''')
case('intervaltree', '''
    from intervaltree import IntervalTree
    tree = IntervalTree()
    tree[10:5] = 'backwards'
''')
case('asteval', '''
    import asteval
    asteval.Interpreter().eval('total = price *', raise_errors=True)
''')
case('asteval', '''
    import asteval
    asteval.Interpreter().eval('price * quantity', raise_errors=True)
''')
case('webencodings', '''
    import webencodings
    webencodings.lookup(5)
''')
case('webencodings', '''
    import webencodings
    webencodings.decode(b'caf\\xc3\\xa9', 'utf-9')
''')

# --- held-out round 5 (Python): Debian -------------------------------------------------
case('toposort', '''
    from toposort import toposort_flatten
    toposort_flatten({'web': {'db'}, 'db': {'cache'}, 'cache': {'web'}})
''')
case('stdnum', '''
    from stdnum import iban
    iban.validate('GB82 WEST 1234 5698 7654 33')
''')
case('stdnum', '''
    from stdnum import isbn
    isbn.validate('978-0-306')
''')
case('stdnum', '''
    from stdnum import ean
    ean.validate('12AB')
''')
case('stdnum', '''
    from stdnum.us import ssn
    ssn.validate('000-12-3456')
''')
case('aniso8601', '''
    import aniso8601
    aniso8601.parse_date('2021-13-01')
''')
case('aniso8601', '''
    import aniso8601
    aniso8601.parse_duration('P1Y2X')
''')
case('aniso8601', '''
    import aniso8601
    aniso8601.parse_time('25:00')
''')
case('aniso8601', '''
    import aniso8601
    aniso8601.parse_datetime('2021-01-01X10:00')
''')
case('sexpdata', '''
    import sexpdata
    sexpdata.loads('(define (square x) (* x x)')
''')
case('sexpdata', '''
    import sexpdata
    sexpdata.loads('(a b))')
''')
case('sexpdata', '''
    import sexpdata
    sexpdata.loads('(greet "hello)')
''')
case('hashids', '''
    from hashids import Hashids
    Hashids(alphabet='abc')
''')
case('hashids', '''
    from hashids import Hashids
    Hashids(salt=5)
''')
case('base58', '''
    import base58
    base58.b58decode('0OIl')
''')
case('base58', '''
    import base58
    base58.b58decode_check('3mJr7AoUXx2Wqd')
''')
case('base58', '''
    import base58
    base58.b58encode(5)
''')
case('cachetools', '''
    from cachetools import LRUCache
    cache = LRUCache(maxsize=1, getsizeof=len)
    cache['a'] = 'xx'
''')
case('cachetools', '''
    from cachetools import LRUCache
    LRUCache(maxsize=0).popitem()
''')
case('cachetools', '''
    from cachetools import TTLCache
    TTLCache(maxsize=1, ttl=1)['missing']
''')
case('toolz', '''
    import toolz
    toolz.curry(5)
''')
case('toolz', '''
    import toolz
    f = toolz.memoize(lambda *a, **k: 1)
    f({})
''')
case('toolz', '''
    import toolz
    toolz.get_in(['a', 'b'], {'a': {}}, no_default=True)
''')
case('commonmark', '''
    import commonmark
    commonmark.commonmark('x', {'format': 'pdf'})
''')
case('commonmark', '''
    import commonmark
    commonmark.Parser().parse(5)
''')
case('mistune', '''
    import mistune
    mistune.create_markdown(plugins=['nosuch'])
''')
case('mistune', '''
    import mistune
    mistune.html(5)
''')
case('jsonpickle', '''
    import jsonpickle
    jsonpickle.set_preferred_backend('nosuch')
''')
case('jsonpickle', '''
    import jsonpickle
    jsonpickle.decode('{bad')
''')
case('jsonpickle', '''
    import jsonpickle
    jsonpickle.decode('{"py/object": 5}', safe=True)
''')
case('dotenv', '''
    from dotenv import load_dotenv
    load_dotenv(stream=5)
''')
case('dotenv', '''
    from dotenv import set_key
    set_key('/nonexistent/x.env', 'A', 'b')
''')
case('tinycss2', '''
    import tinycss2
    tinycss2.parse_stylesheet(5)
''')

# --- held-out round 6 (Python): Debian -------------------------------------------------
case('sqlglot', '''
    import sqlglot
    sqlglot.transpile('SELECT * FROM orders WHERE (total = 1', read='mysql')
''')
case('sqlglot', '''
    import sqlglot
    sqlglot.parse_one('SELECT price +')
''')
case('sqlglot', '''
    import sqlglot
    sqlglot.parse_one('SELECT CAST(total AS) FROM orders')
''')
case('sqlglot', '''
    import sqlglot
    sqlglot.transpile('SELECT 1', read='postgresql9')
''')
case('kajiki', '''
    import kajiki
    kajiki.XMLTemplate('<ul><py:else>none</py:else></ul>')
''')
case('kajiki', '''
    import kajiki
    kajiki.XMLTemplate('<p>Total: ${price + }</p>')
''')
case('kajiki', '''
    import kajiki
    kajiki.XMLTemplate('<div py:switch="kind"><b>x</b></div>')
''')
case('kajiki', '''
    import kajiki
    kajiki.XMLTemplate('<ul><li>one</ul>')
''')
case('crontab', '''
    from crontab import CronTab
    job = CronTab(tab='').new(command='backup.sh')
    job.setall('61 * * * *')
''')
case('crontab', '''
    from crontab import CronTab
    job = CronTab(tab='').new(command='backup.sh')
    job.setall('0 3 * * mon-xyz')
''')
case('crontab', '''
    from crontab import CronTab
    job = CronTab(tab='').new(command='backup.sh')
    job.setall('@fortnightly')
''')
case('webcolors', '''
    import webcolors
    webcolors.name_to_hex('bluish')
''')
case('webcolors', '''
    import webcolors
    webcolors.hex_to_rgb('#12345')
''')
case('webcolors', '''
    import webcolors
    webcolors.name_to_hex('red', spec='css4')
''')
case('pycountry', '''
    import pycountry
    pycountry.countries.lookup('Atlantis')
''')
case('pycountry', '''
    import pycountry
    pycountry.countries.search_fuzzy('Qqzzyx')
''')
case('pycountry', '''
    import pycountry
    pycountry.countries.get(alpha_2='DE', name='Germany')
''')
case('quantities', '''
    import quantities as pq
    (3 * pq.m).rescale(pq.s)
''')
case('quantities', '''
    import quantities as pq
    pq.Quantity(1, 'furlongz')
''')
case('quantities', '''
    import quantities as pq
    (2 * pq.m) ** (1 * pq.m)
''')
case('pendulum', '''
    import pendulum
    pendulum.parse('2024-02-30')
''')
case('pendulum', '''
    import pendulum
    pendulum.timezone('Mars/Olympus_Mons')
''')
case('pendulum', '''
    import pendulum
    pendulum.duration(days=3).in_words(locale='xx')
''')
case('cattrs', '''
    import cattrs
    class Invoice:
        pass
    cattrs.structure({'total': 5}, Invoice)
''')
case('cattrs', '''
    import cattrs
    from typing import Literal
    cattrs.structure('purple', Literal['red', 'green'])
''')
case('umsgpack', '''
    import umsgpack
    umsgpack.unpackb(b'\\xc1')
''')
case('umsgpack', '''
    import umsgpack
    umsgpack.packb({'when': object()})
''')
case('hyperlink', '''
    import hyperlink
    hyperlink.URL.from_text('http://example.com:http/')
''')
case('hyperlink', '''
    import hyperlink
    hyperlink.URL(host='example.com/admin')
''')
case('hyperlink', '''
    import hyperlink
    hyperlink.parse('http://[::1/')
''')
case('uncertainties', '''
    import uncertainties
    uncertainties.ufloat_fromstr('1.5+/-')
''')
case('uncertainties', '''
    import uncertainties
    uncertainties.ufloat(1, -2)
''')
case('rdflib', '''
    import rdflib
    rdflib.Graph().parse(data='ex:alice <http://xmlns.com/foaf/0.1/knows> ex:bob .', format='turtle')
''')
case('rdflib', '''
    import rdflib
    rdflib.Graph().parse(data='@prefix ex: <http://example.org/> . ex:alice ex:knows ', format='turtle')
''')
case('rdflib', '''
    import rdflib
    rdflib.Graph().parse(data='<http://example.org/alice> <http://example.org/knows> .', format='nt')
''')
# --- held-out round 7 (Python): Debian -------------------------------------------------
# Messages built by a helper (asn1crypto's `unwrap`), by a message table indexed at the raise
# (calmjs.parse), by exception constructors (jwcrypto, pybtex, passlib, moneyed), by a parser's
# error formatter (Cheetah), reported through an error handler (pybtex's `report_error`).
case('asn1crypto', '''
    from asn1crypto import core
    core.Integer('abc')
''')
case('asn1crypto', '''
    from asn1crypto import core
    core.OctetString(5)
''')
case('asn1crypto', '''
    from asn1crypto import keys
    keys.PrivateKeyInfo.load(b'\\x04\\x01\\x00').native
''')
case('asn1crypto', '''
    from asn1crypto import core
    core.Boolean.load(b'\\x02\\x01\\x00')
''')
case('calmjs.parse', '''
    from calmjs.parse import es5
    es5('var total = ;')
''')
case('calmjs.parse', '''
    from calmjs.parse import es5
    es5('var s = "abc')
''')
case('calmjs.parse', '''
    from calmjs.parse import es5
    es5('function (a) { return a }')
''')
case('jwcrypto', '''
    from jwcrypto import jwk
    jwk.JWK(kty='XYZ')
''')
case('jwcrypto', '''
    from jwcrypto import jwk
    jwk.JWK.from_json('{"kty": "oct"}')
''')
case('jwcrypto', '''
    from jwcrypto import jws
    jws.JWS().deserialize('not-a-token')
''')
case('ldap3', '''
    from ldap3.utils.dn import parse_dn
    parse_dn('cn=ada,,dc=example')
''')
case('ldap3', '''
    from ldap3 import Server
    Server('ldap://example.com', port=99999)
''')
case('ldap3', '''
    from ldap3 import Server, Connection
    Connection(Server('ldap.example.com'), authentication='FOO')
''')
case('pybtex', '''
    from pybtex.database import parse_string
    parse_string('@article{key, title = {x', 'bibtex')
''')
case('pybtex', '''
    from pybtex.database import parse_string
    parse_string('@article{knuth, author={A}}\\n@article{knuth, author={B}}', 'bibtex')
''')
case('pybtex', '''
    from pybtex.database import parse_string
    parse_string('@article{x}', 'nosuchfmt')
''')
case('passlib', '''
    from passlib.hash import sha256_crypt
    sha256_crypt.using(rounds=10).hash('secret')
''')
case('passlib', '''
    from passlib.context import CryptContext
    CryptContext(schemes=['nosuch'])
''')
case('passlib', '''
    from passlib.hash import sha256_crypt
    sha256_crypt.verify('secret', 'not-a-hash')
''')
case('moneyed', '''
    from moneyed import Money
    Money(1, 'USD') + Money(1, 'EUR')
''')
case('moneyed', '''
    from moneyed import Money
    Money(1, 'XXQ')
''')
case('moneyed', '''
    from moneyed import Money
    Money(1, 'USD') * Money(1, 'USD')
''')
case('markdown_it', '''
    from markdown_it import MarkdownIt
    MarkdownIt('nosuch')
''')
case('markdown_it', '''
    from markdown_it import MarkdownIt
    MarkdownIt().enable('nosuchrule')
''')
case('Cheetah', '''
    from Cheetah.Template import Template
    str(Template('#if $x\\nyes'))
''')
case('Cheetah', '''
    from Cheetah.Template import Template
    str(Template('#end if\\n'))
''')


# --- held-out round 8 (Python): Debian and the standard library ----------------------
# Messages composed by an exception class from pieces (zope.interface's `_str_subject` /
# `_str_details` properties, vobject's `At line N: msg`, pathvalidate's `__str__` joining the
# reason and platform, authlib's `error: description` class attributes, defusedxml's `__str__`
# templates), by a failure helper handed the text (confuse's `fail`), by a trait's `info()`
# (traitlets), a class attribute template (pathvalidate's `_ERROR_MSG_TEMPLATE`), plus literal
# raises (semver, bdb, pydoc).
case('zope.interface', '''
    from zope.interface import Interface, implementer
    from zope.interface.verify import verifyObject
    class IStore(Interface):
        def save(record): pass
    @implementer(IStore)
    class Store:
        def __repr__(self): return '<Store>'
    verifyObject(IStore, Store())
''')
case('zope.interface', '''
    from zope.interface import Interface, implementer
    from zope.interface.verify import verifyObject
    class IStore(Interface):
        def save(record, flush): pass
    @implementer(IStore)
    class Store:
        def __repr__(self): return '<Store>'
        def save(self): pass
    verifyObject(IStore, Store())
''')
case('zope.interface', '''
    from zope.interface import Interface
    from zope.interface.verify import verifyObject
    class IStore(Interface):
        def save(record): pass
    class Store:
        def __repr__(self): return '<Store>'
    verifyObject(IStore, Store())
''')
case('traitlets', '''
    from traitlets import HasTraits, Int
    class Server(HasTraits):
        port = Int()
    Server(port='http')
''')
case('traitlets', '''
    from traitlets import HasTraits, List, Int
    class Server(HasTraits):
        ports = List(Int())
    Server(ports=[80, 'https'])
''')
case('traitlets', '''
    from traitlets import HasTraits, Tuple, Unicode, Int
    class Server(HasTraits):
        address = Tuple(Unicode(), Int())
    Server(address=('localhost',))
''')
case('confuse', '''
    import confuse
    config = confuse.RootView([confuse.ConfigSource({'port': 'http'})])
    config['port'].get(int)
''')
case('confuse', '''
    import confuse
    config = confuse.RootView([confuse.ConfigSource({'mode': 'fast'})])
    config['mode'].get(confuse.Choice(['debug', 'release']))
''')
case('confuse', '''
    import confuse
    confuse.load_yaml('tabs.yaml')
''')
case('defusedxml', '''
    from defusedxml import ElementTree
    ElementTree.fromstring('<!DOCTYPE note SYSTEM "http://example.com/note.dtd"><note/>', forbid_dtd=True)
''')
case('defusedxml', '''
    from defusedxml import minidom
    minidom.parseString('<!DOCTYPE note [<!ENTITY who "Ada">]><note>&who;</note>')
''')
case('vobject', '''
    import vobject
    vobject.readOne('BEGIN:VCARD\\nVERSION:3.0\\nFN Ada Lovelace\\nEND:VCARD\\n')
''')
case('vobject', '''
    import vobject
    vobject.readOne('BEGIN:VCARD\\nVERSION:3.0\\nFN:Ada Lovelace\\nEND:VCALENDAR\\n')
''')
case('vobject', '''
    import vobject
    vobject.readOne('BEGIN:VCARD\\nVERSION:3.0\\nN:Lovelace;Ada\\nEND:VCARD\\n').serialize()
''')
case('authlib', '''
    from authlib.jose import jwt
    token = jwt.encode({'alg': 'HS256'}, {'exp': 1}, 'secret')
    jwt.decode(token, 'secret').validate()
''')
case('authlib', '''
    from authlib.oauth2.rfc6749.parameters import parse_authorization_code_response
    parse_authorization_code_response('https://example.com/cb?state=abc', state='abc')
''')
case('authlib', '''
    from authlib.jose import jwt
    jwt.encode({'alg': 'HS999'}, {'sub': 'ada'}, 'secret')
''')
case('authlib', '''
    from authlib.jose import JsonWebSignature
    JsonWebSignature().deserialize_compact('a.b.c', 'secret')
''')
case('pathvalidate', '''
    from pathvalidate import validate_filename
    validate_filename('reports/2024.csv')
''')
case('pathvalidate', '''
    from pathvalidate import validate_filename
    validate_filename('x' * 300 + '.txt')
''')
case('pathvalidate', '''
    from pathvalidate import validate_filename
    validate_filename('AUX.txt', platform='windows')
''')
case('semver', '''
    import semver
    semver.VersionInfo.parse('1.2')
''')
case('semver', '''
    import semver
    semver.match('1.2.3', '~1.2.3')
''')
case('bdb', '''
    import bdb
    bdb.Bdb().get_bpbynumber('first')
''')
case('bdb', '''
    import bdb
    bdb.Bdb().get_bpbynumber(42)
''')
case('pydoc', '''
    import pydoc
    pydoc.render_doc('reports.no_such_thing')
''')


# --- held-out round 9 (Python): Debian and the standard library ----------------------
# Messages handed to a helper (h11's `validate(regex, data, msg, *format_args)`, kconfiglib's
# `_parse_error(msg)`, prettytable's `_validate_nonnegative_int(name, val)`), errors collected then
# raised (pykwalify's `SchemaErrorEntry(msg=…, path=…)` joined into one `SchemaError`, xdg's
# `self.errors` joined into a `ValidationError`), exception classes building their message
# (pykwalify's `__str__`, xdg's `ParsingError`, protobuf's `ParseError(message, line, column)`),
# messages wrapped by a handler (protobuf's `'{0} at {1}'.format(e, path)`), messages held on
# `self` and overridden by subclasses in other files (num2words' `errmsg_*`), plus literal raises
# (wsproto, texttable, `_markupbase`).
case('h11', '''
    import h11
    h11.Request(method='GET', target='/', headers=[('Host', 'example.com'), ('X-Trace', 'a\\r\\nb')])
''')
case('h11', '''
    import h11
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(b'GET / HTTP/1.1\\r\\nHost example.com\\r\\n\\r\\n')
    conn.next_event()
''')
case('h11', '''
    import h11
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(b'POST / HTTP/1.1\\r\\nHost: a\\r\\nContent-Length: ten\\r\\n\\r\\n')
    conn.next_event()
''')
case('h11', '''
    import h11
    conn = h11.Connection(h11.CLIENT)
    conn.send(h11.Data(data=b'payload'))
''')
case('h11', '''
    import h11
    h11.Response(status_code=99, headers=[])
''')
case('pykwalify', '''
    from pykwalify.core import Core
    Core(source_data={'port': 'http'}, schema_data={'type': 'map', 'mapping': {'port': {'type': 'int'}}}).validate()
''')
case('pykwalify', '''
    from pykwalify.core import Core
    Core(source_data={'port': 80, 'host': 'a'}, schema_data={'type': 'map', 'mapping': {'port': {'type': 'int'}}}).validate()
''')
case('pykwalify', '''
    from pykwalify.core import Core
    schema = {'type': 'map', 'mapping': {'mode': {'type': 'str', 'enum': ['debug', 'release']}}}
    Core(source_data={'mode': 'fast'}, schema_data=schema).validate()
''')
case('pykwalify', '''
    from pykwalify.core import Core
    schema = {'type': 'map', 'mapping': {'port': {'type': 'int', 'range': {'max': 'ten'}}}}
    Core(source_data={'port': 80}, schema_data=schema).validate()
''')
case('google.protobuf', '''
    from google.protobuf import text_format, duration_pb2
    text_format.Parse('minutes: 1', duration_pb2.Duration())
''')
case('google.protobuf', '''
    from google.protobuf import text_format, descriptor_pb2
    text_format.Parse('name: "a" name: "b"', descriptor_pb2.DescriptorProto())
''')
case('google.protobuf', '''
    from google.protobuf import text_format, descriptor_pb2
    text_format.Parse('name: "a" field { label: LABEL_MAYBE }', descriptor_pb2.DescriptorProto())
''')
case('google.protobuf', '''
    from google.protobuf import json_format, duration_pb2
    json_format.Parse('"90"', duration_pb2.Duration())
''')
case('google.protobuf', '''
    from google.protobuf import json_format, descriptor_pb2
    json_format.Parse('{"name": "a", "fields": []}', descriptor_pb2.DescriptorProto())
''')
case('xdg', '''
    from xdg.DesktopEntry import DesktopEntry
    DesktopEntry('nogroup.desktop')
''')
case('xdg', '''
    from xdg.IniFile import IniFile
    ini = IniFile()
    ini.addGroup('Main')
    ini.set('Key', 'value', group='Other')
''')
case('xdg', '''
    from xdg.DesktopEntry import DesktopEntry
    DesktopEntry('notype.desktop').validate()
''')
case('xdg', '''
    from xdg.IconTheme import IconTheme
    IconTheme().parse('theme.desktop')
''')
case('kconfiglib', '''
    import kconfiglib
    kconfiglib.Kconfig('Kconfig.expr')
''')
case('kconfiglib', '''
    import kconfiglib
    kconfiglib.Kconfig('Kconfig.endif')
''')
case('prettytable', '''
    import prettytable
    table = prettytable.PrettyTable(['name', 'size'])
    table.padding_width = -1
''')
case('prettytable', '''
    import prettytable
    table = prettytable.PrettyTable(['name', 'size'])
    table.vertical_char = '||'
''')
case('prettytable', '''
    import prettytable
    table = prettytable.PrettyTable(['name', 'size'])
    table.add_row(['report.csv'])
''')
case('num2words', '''
    from num2words import num2words
    num2words(-3, to='ordinal', lang='nl')
''')
case('num2words', '''
    from num2words import num2words
    num2words(2.5, to='ordinal', lang='de')
''')
case('num2words', '''
    from num2words import num2words
    num2words(-3, to='ordinal')
''')
case('wsproto', '''
    from wsproto.extensions import PerMessageDeflate
    PerMessageDeflate(client_max_window_bits=20)
''')
case('texttable', '''
    import texttable
    table = texttable.Texttable()
    table.set_cols_align(['l'])
    table.add_row(['name', 'size'])
''')
case('_markupbase', '''
    from html.parser import HTMLParser
    HTMLParser().feed('<![keep[ x ]]>')
''')


# --- held-out round 10 (Python): Debian -------------------------------------------------
# Messages held in a local before the raise (furl's `errmsg`/`s`, typepy's `conv_error` built
# before a try and raised in its handler), a default given to a parameter (typepy's
# `validate(error_message=None)`), a wrapped message (icalendar's 'Content line could not be parsed
# into parts: …: %s' % exc), messages built by str.format/% at the raise (decouple, unidiff), and
# literal raises.
case('typepy', '''
    from typepy import Integer
    Integer('abc').validate()
''')
case('typepy', '''
    from typepy import Integer
    Integer('abc', strict_level=1).convert()
''')
case('typepy', '''
    from typepy import DateTime
    DateTime(10 ** 20, strict_level=0).force_convert()
''')
case('typepy', '''
    from typepy import IpAddress
    IpAddress('1.2.3').force_convert()
''')
case('furl', '''
    import furl
    furl.furl('http://a..b/')
''')
case('furl', '''
    import furl
    furl.furl('http://example.com:99999/')
''')
case('furl', '''
    import furl
    f = furl.furl('http://example.com/a')
    f.path.isabsolute = False
''')
case('unidiff', '''
    from unidiff import PatchSet
    PatchSet('--- a/x\\n+++ b/x\\n@@ -1,2 +1,2 @@\\n-x\\n+y\\n')
''')
case('unidiff', '''
    from unidiff import PatchSet
    PatchSet('--- a/x\\n+++ b/x\\n@@ -1 +1 @@\\n?x\\n', metadata_only=True)
''')
case('unidiff', '''
    from unidiff import PatchSet
    PatchSet('--- a/x\\n+++ b/x\\n\\\\ No newline at end of file\\n')
''')
case('icalendar', '''
    from icalendar.parser import Contentline
    Contentline('DTSTART').parts()
''')
case('icalendar', '''
    from icalendar import Calendar
    Calendar.from_ical('DTSTART:20200101T000000\\r\\n')
''')
case('icalendar', '''
    from icalendar.prop import vDuration
    vDuration.from_ical('P1X')
''')
case('decouple', '''
    from decouple import Config, RepositoryEmpty
    Config(RepositoryEmpty())('SECRET_KEY')
''')
case('decouple', '''
    from decouple import Choices
    Choices(['debug', 'release'])('fast')
''')


# --- held-out round 11 (Python): Debian and the standard library ----------------------
# Messages not written at the raise where the sources have them: a table of texts keyed by error
# code read in an exception's __str__ (boolean.py's PARSE_ERRORS), the same table extended from
# another package and raised through a wrapper class (license_expression's ExpressionParseError),
# errors collected in a list and joined (license_expression's validate_symbols), exception classes
# building their message in __init__ or __str__ (tld, hyperframe's UnknownFrameError), a
# descriptor's name in its message (h2's _BooleanConfigOption), helpers in another module (h2's
# utilities), a message held in a local; plus literal and %-built raises (hpack, IPy, cgi,
# xmlrpc.server).
case('license_expression', '''
    from license_expression import Licensing
    Licensing().parse('mit or or gpl')
''')
case('license_expression', '''
    from license_expression import Licensing
    Licensing(['mit']).parse('mit and foo', validate=True)
''')
case('license_expression', '''
    from license_expression import Licensing, LicenseSymbol
    Licensing([LicenseSymbol('mit'), LicenseSymbol('apache-2.0')]).parse('mit with apache-2.0', strict=True)
''')
case('license_expression', '''
    from license_expression import Licensing
    Licensing(['mit', 'mit'], quiet=True)
''')
case('license_expression', '''
    from license_expression import Licensing
    Licensing(['mit', 'and'], quiet=True)
''')
case('boolean', '''
    import boolean
    boolean.BooleanAlgebra().parse('a b')
''')
case('boolean', '''
    import boolean
    boolean.BooleanAlgebra().parse('(a & b')
''')
case('boolean', '''
    import boolean
    boolean.BooleanAlgebra().parse('a $ b')
''')
case('tld', '''
    from tld import get_tld
    get_tld('http://example.notatld/')
''')
case('tld', '''
    from tld import get_tld
    get_tld('not a url')
''')
case('tld', '''
    from tld import get_tld
    get_tld('http://example.com', search_public=False, search_private=False)
''')
case('hyperframe', '''
    from hyperframe.frame import Frame
    Frame.parse_frame_header(memoryview(b'\\x00\\x00\\x05\\xee\\x00\\x00\\x00\\x00\\x01'), strict=True)
''')
case('hyperframe', '''
    from hyperframe.frame import DataFrame
    f = DataFrame(1)
    f.flags.add('PADDED')
    f.parse_body(memoryview(b'\\x09abc'))
''')
case('hyperframe', '''
    from hyperframe.frame import SettingsFrame
    SettingsFrame(1)
''')
case('hpack', '''
    from hpack import Decoder
    Decoder().decode(b'\\xbf')
''')
case('hpack', '''
    from hpack import Decoder
    Decoder(max_header_list_size=10).decode(b'\\x82\\x84\\x86\\x41\\x0fwww.example.com')
''')
case('hpack', '''
    from hpack import Decoder
    Decoder().decode(b'\\x82\\x40\\x05')
''')
case('h2', '''
    from h2.connection import H2Connection
    c = H2Connection()
    c.initiate_connection()
    c.send_headers(1, [(':method', 'GET')])
''')
case('h2', '''
    from h2.connection import H2Connection
    c = H2Connection()
    c.initiate_connection()
    c.send_headers(1, [(':method', 'GET'), (':path', '/'), (':scheme', 'https'), (':authority', 'a'), (':method', 'GET')])
''')
case('h2', '''
    from h2.config import H2Configuration
    H2Configuration(client_side='yes')
''')
case('h2', '''
    from h2.connection import H2Connection
    c = H2Connection()
    c.initiate_connection()
    c.send_headers(1, [(':method', 'GET'), (':path', '/'), (':scheme', 'https'), (':authority', 'a')], end_stream=True)
    c.send_data(1, b'x')
''')
case('IPy', '''
    import IPy
    IPy.IP('1.2.3.4/24')
''')
case('IPy', '''
    import IPy
    IPy.IP('1.2.3.999')
''')
case('cgi', '''
    import cgi, io
    cgi.FieldStorage(fp=io.BytesIO(b''), environ={'REQUEST_METHOD': 'POST', 'CONTENT_LENGTH': '0',
                     'CONTENT_TYPE': 'multipart/form-data; boundary="a b\\x01"'})
''')
case('cgi', '''
    import cgi
    cgi.FieldStorage(fp='x', environ={'REQUEST_METHOD': 'POST'})
''')
case('xmlrpc.server', '''
    from xmlrpc.server import SimpleXMLRPCDispatcher
    SimpleXMLRPCDispatcher()._dispatch('nope', ())
''')
case('xmlrpc.server', '''
    from xmlrpc.server import resolve_dotted_attribute
    resolve_dotted_attribute(object(), '__class__.__name__')
''')


# --- held-out round 12 (Python): Debian and the standard library ----------------------
# Messages not written at the raise where the sources have them: exception classes building
# their text from constructor arguments in __str__ or through super().__init__ (websockets'
# InvalidURI, InvalidHeaderFormat, InvalidParameterValue; avro's AvroTypeException,
# SchemaResolutionException), class attributes a base __init__ formats (isbnlib.dev's message
# attributes), messages set on self in __init__ and read by a base __str__ (isbnlib), validators
# chosen from a table whose caught text is re-raised as a new exception of the same type
# (pymongo's validate_options), messages held in locals (avro's fail_msg, geojson's msg), a
# helper building the text (bson's _raise_invalid_id), a module constant formatted (imp's
# _ERR_MSG); plus literal and %-built raises (colour, qrcode, traceback).
case('websockets', '''
    from websockets.uri import parse_uri
    parse_uri('http://example.com/')
''')
case('websockets', '''
    from websockets.uri import parse_uri
    parse_uri('ws://user@example.com/')
''')
case('websockets', '''
    from websockets.headers import parse_extension
    parse_extension('permessage-deflate; a=')
''')
case('websockets', '''
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    ServerPerMessageDeflateFactory().process_request_params([('server_max_window_bits', '99')], [])
''')
case('websockets', '''
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    ServerPerMessageDeflateFactory().process_request_params(
        [('server_no_context_takeover', None), ('server_no_context_takeover', None)], [])
''')
case('websockets', '''
    from websockets.headers import parse_authorization_basic
    parse_authorization_basic('Bearer xyz')
''')
case('pymongo', '''
    from pymongo.uri_parser import parse_uri
    parse_uri('mongodb://localhost/?wtimeoutms=abc')
''')
case('pymongo', '''
    from pymongo.uri_parser import parse_uri
    parse_uri('mongodb://localhost/?connecttimeoutms=-5')
''')
case('pymongo', '''
    from pymongo.uri_parser import parse_uri
    parse_uri('mongodb://localhost/?ssl=maybe')
''')
case('pymongo', '''
    from pymongo.uri_parser import parse_uri
    parse_uri('mongodb://localhost/?readpreference=sometimes')
''')
case('pymongo', '''
    from pymongo.uri_parser import parse_uri
    parse_uri('mongodb://localhost/?tls=true&ssl=false')
''')
case('bson', '''
    from bson.objectid import ObjectId
    ObjectId('xyz')
''')
case('avro', '''
    import avro.schema
    avro.schema.parse('{"type": "fixed", "name": "F"}')
''')
case('avro', '''
    import avro.schema
    avro.schema.parse('{"type": "array"}')
''')
case('avro', '''
    import avro.schema
    avro.schema.parse('{"type": "record", "name": "R", "fields": [{"name": "a", "type": "int"}, {"name": "a", "type": "int"}]}')
''')
case('avro', '''
    import avro.schema, avro.io, io
    s = avro.schema.parse('"int"')
    avro.io.DatumWriter(s).write('x', avro.io.BinaryEncoder(io.BytesIO()))
''')
case('avro', '''
    import avro.schema, avro.io, io
    w = avro.schema.parse('"string"')
    r = avro.schema.parse('"int"')
    avro.io.DatumReader(w, r).read(avro.io.BinaryDecoder(io.BytesIO(b'\\x02a')))
''')
case('avro', '''
    import avro.schema, avro.io, io, decimal
    s = avro.schema.parse('{"type": "bytes", "logicalType": "decimal", "precision": 5, "scale": 1}')
    avro.io.DatumWriter(s).write(decimal.Decimal('1.234'), avro.io.BinaryEncoder(io.BytesIO()))
''')
case('isbnlib', '''
    import isbnlib
    isbnlib.meta('9780000000000')
''')
case('isbnlib', '''
    import isbnlib
    isbnlib.meta('9780306406157', service='nope')
''')
case('isbnlib', '''
    from isbnlib.dev import Metadata
    Metadata({'ISBN-13': '9780306406157', 'Title': 1, 'Authors': [], 'Publisher': '', 'Year': '', 'Language': ''})
''')
case('isbnlib', '''
    import isbnlib._goob
    isbnlib._goob._records('9780306406157', {})
''')
case('geojson', '''
    import geojson
    geojson.Point((1, 'a'))
''')
case('geojson', '''
    import geojson
    geojson.GeoJSON.to_instance({'type': 'Blob'}, strict=True)
''')
case('colour', '''
    import colour
    colour.Color(red=2)
''')
case('qrcode', '''
    import qrcode
    q = qrcode.QRCode(version=1)
    q.add_data('x' * 200)
    q.make(fit=False)
''')
case('traceback', '''
    import traceback
    traceback.format_exception(ValueError, 'x')
''')
case('imp', '''
    import imp
    imp.find_module('nope_xyz_mod')
''')


# --- held-out round 13 (Python): Debian --------------------------------------------------
# Messages not written at the raise where the sources have them: a validator's message table
# (a class attribute, copied to self.messages) formatted at the raise (dynaconf), exception
# classes whose __str__ formats a class-attribute template with the raise's arguments
# (metomi.isodatetime), a helper raising the text its callers hand it (iniconfig's _raise,
# debian.changelog's _parse_error), an exception class wrapping the text in __str__ (iniconfig,
# debian.changelog), constructors handing a built text to a base (kaitaistruct's Validation*
# errors), a caught error's text rebuilt and raised again (funcparserlib's parse), a helper
# formatting the message (libconf's expect); plus literal and %-built raises.
case('dynaconf', '''
    from dynaconf import Dynaconf, Validator
    s = Dynaconf(validators=[Validator('FOO_XYZ', must_exist=True)])
    s.validators.validate()
''')
case('dynaconf', '''
    from dynaconf import Dynaconf, Validator
    s = Dynaconf()
    s.set('PORT', 5)
    s.validators.register(Validator('PORT', gt=10))
    s.validators.validate()
''')
case('dynaconf', '''
    from dynaconf import Dynaconf, Validator
    s = Dynaconf()
    s.set('NAME', 'x')
    s.validators.register(Validator('NAME', must_exist=False))
    s.validators.validate()
''')
case('dynaconf', '''
    from dynaconf import Validator
    Validator('A', when='nope')
''')
case('metomi.isodatetime', '''
    from metomi.isodatetime.parsers import TimePointParser
    TimePointParser().parse('2020-13-45x')
''')
case('metomi.isodatetime', '''
    from metomi.isodatetime.parsers import DurationParser
    DurationParser().parse('P1X')
''')
case('metomi.isodatetime', '''
    from metomi.isodatetime.data import TimePoint
    TimePoint(year=2020, month_of_year=13, day_of_month=1)
''')
case('metomi.isodatetime', '''
    from metomi.isodatetime.parsers import TimePointParser
    TimePointParser().strptime('2020', '%Q')
''')
case('iniconfig', '''
    import iniconfig
    iniconfig.IniConfig('x.ini', data='foo = 1')
''')
case('iniconfig', '''
    import iniconfig
    iniconfig.IniConfig('x.ini', data='[a]\\nk = 1\\n[a]\\n')
''')
case('iniconfig', '''
    import iniconfig
    iniconfig.IniConfig('x.ini', data='[a]\\n!!!\\n')
''')
case('debian', '''
    from debian.debian_support import Version
    Version('1:')
''')
case('debian', '''
    from debian.changelog import Changelog
    Changelog('foo (1.0) unstable; urgency\\n\\n  * x\\n\\n -- A <a@b.c>  Mon, 01 Jan 2001 00:00:00 +0000\\n', strict=True)
''')
case('debian', '''
    from debian.changelog import Changelog
    Changelog('foo (1.0) unstable; urgency=low, urgency=high\\n\\n  * x\\n\\n -- A <a@b.c>  Mon, 01 Jan 2001 00:00:00 +0000\\n', strict=True)
''')
case('kaitaistruct', '''
    from kaitaistruct import KaitaiStream
    import io
    KaitaiStream(io.BytesIO(b'ab')).read_bytes_term(0, False, True, True)
''')
case('kaitaistruct', '''
    from kaitaistruct import KaitaiStream
    import io
    KaitaiStream(io.BytesIO(b'ab')).read_bytes(5)
''')
case('funcparserlib', '''
    from funcparserlib.parser import a, many
    (a('x') + a('y')).parse('xz')
''')
case('funcparserlib', '''
    from funcparserlib.lexer import make_tokenizer
    list(make_tokenizer([('NUM', (r'[0-9]+',))])('12a'))
''')
case('libconf', '''
    import libconf
    libconf.loads('a = ;')
''')
case('libconf', '''
    import libconf
    libconf.loads('a = 1; b')
''')
case('libconf', '''
    import libconf
    libconf.dumps({'a': [1, 'x']})
''')
case('omegaconf', '''
    from omegaconf import OmegaConf
    c = OmegaConf.create({'a': 1})
    OmegaConf.set_readonly(c, True)
    c.a = 2
''')
case('omegaconf', '''
    from omegaconf import OmegaConf
    OmegaConf.create({'a': '???'}).a
''')

# --- held-out round 14 (Python): Debian and the standard library ----------------------
# Messages not written at the raise where the sources have them: an exception class appending
# its path in __str__ to a text handed by keyword-carrying raises, and texts built from errors
# collected while trying each member of a Union (typedload); a helper returning an exception
# whose constructor builds the text from its callers' `expected` argument and a method of the
# element (airspeed's syntax_error); errors pushed on a parser state and raised later as
# `raise errors[0]` (demjson); a parser's error hook formatting a table of expected tokens
# (hcl); plus literal and %-built raises (staticconf, vdf, chunk).
case('typedload', '''
    import typedload, dataclasses
    @dataclasses.dataclass
    class A:
        x: int
    typedload.load({'y': 1}, A)
''')
case('typedload', '''
    import typedload
    from typing import Literal
    typedload.load('b', Literal['a'])
''')
case('typedload', '''
    import typedload
    from typing import Union
    typedload.load('x', Union[int, float])
''')
case('typedload', '''
    import typedload, dataclasses
    @dataclasses.dataclass
    class A:
        x: int
    typedload.load({'x': 1, 'z': 2}, A, failonextra=True)
''')
case('airspeed', '''
    import airspeed
    airspeed.Template('#if ($a').merge({})
''')
case('airspeed', '''
    import airspeed
    airspeed.Template('#set ($a = )').merge({})
''')
case('airspeed', '''
    import airspeed
    airspeed.Template('#macro(x)#end#x(1)').merge({})
''')
case('demjson', '''
    import demjson
    demjson.decode('{a:1}', strict=True)
''')
case('demjson', '''
    import demjson
    demjson.decode('[1,]', strict=True)
''')
case('demjson', '''
    import demjson
    demjson.decode('0x')
''')
case('hcl', '''
    import hcl
    hcl.loads('a = ')
''')
case('hcl', '''
    import hcl
    hcl.loads('a = = 1')
''')
case('staticconf', '''
    import staticconf
    staticconf.DictConfiguration({'a': 1})
    staticconf.read_string('b')
''')
case('staticconf', '''
    import staticconf
    staticconf.validation.validate_time('99:99')
''')
case('vdf', '''
    import vdf
    vdf.loads('"a" {')
''')
case('chunk', '''
    import chunk, io
    c = chunk.Chunk(io.BytesIO(b'RIFF\\x02\\x00\\x00\\x00ab'), bigendian=False)
    c.close()
    c.read()
''')

# --- held-out round 16 (Python): Debian -------------------------------------------------
# Messages not written at the raise where the sources have them: a helper handed the message's
# format by its callers (distutils' Command._ensure_tested_string with `error_fmt`), a message
# part chosen by the caller (`_check_alias_dict(alias, "alias")`), a local built up then raised
# (new_compiler), texts joined from several literals and `%`/`.format` (fancy_getopt, yarl,
# ccompiler), an exception's text formatted from a caught KeyError (fastjsonschema's 'Unknown
# type'), plus literal and f-string raises (yarl, tomli_w, uritools).
case('setuptools._distutils', '''
    from distutils.dist import Distribution
    from distutils.cmd import Command
    class C(Command):
        user_options = []
        def initialize_options(self): self.conf = 'no-such-file.cfg'
        def finalize_options(self): pass
        def run(self): pass
    C(Distribution()).ensure_filename('conf')
''')
case('setuptools._distutils', '''
    from distutils.dist import Distribution
    from distutils.cmd import Command
    class C(Command):
        user_options = []
        def initialize_options(self): self.out = 'no-such-dir'
        def finalize_options(self): pass
        def run(self): pass
    C(Distribution()).ensure_dirname('out')
''')
case('setuptools._distutils', '''
    from distutils.dist import Distribution
    from distutils.cmd import Command
    class C(Command):
        user_options = []
        def initialize_options(self): self.libs = ['a', 1]
        def finalize_options(self): pass
        def run(self): pass
    C(Distribution()).ensure_string_list('libs')
''')
case('setuptools._distutils', '''
    from setuptools._distutils.fancy_getopt import FancyGetopt
    FancyGetopt([('all', 'a', 'everything')]).set_aliases({'every': 'all'})
''')
case('setuptools._distutils', '''
    from setuptools._distutils.fancy_getopt import FancyGetopt
    FancyGetopt([('all', 'a', 'everything')]).set_negative_aliases({'all': 'none'})
''')
case('setuptools._distutils', '''
    from setuptools._distutils.filelist import FileList
    FileList().process_template_line('recursive-include src')
''')
case('setuptools._distutils', '''
    from setuptools._distutils.ccompiler import new_compiler
    new_compiler(compiler='turbo')
''')
case('setuptools._distutils', '''
    from setuptools._distutils.util import strtobool
    strtobool('perhaps')
''')
case('yarl', '''
    import yarl
    yarl.URL.build(port=80, path='/x')
''')
case('yarl', '''
    import yarl
    yarl.URL('http://a/').with_query({'a': b'x'})
''')
case('yarl', '''
    import yarl
    yarl.URL('http://a/').with_port('80')
''')
case('fastjsonschema', '''
    import fastjsonschema
    fastjsonschema.compile({'type': 'text'})
''')
case('fastjsonschema', '''
    import fastjsonschema
    fastjsonschema.compile({'$ref': '#/definitions/missing'})
''')
case('fastjsonschema', '''
    import fastjsonschema
    fastjsonschema.compile({'type': 'string', 'format': 'colour'})
''')
case('tomli_w', '''
    import tomli_w
    tomli_w.dumps({'a': object()})
''')
case('uritools', '''
    import uritools
    uritools.uricompose(scheme='1http', host='a')
''')
case('uritools', '''
    import uritools
    uritools.uricompose(scheme='http', port='8x', host='a')
''')

# --- held-out round 17 (Python): Debian -------------------------------------------------
# Messages not written at the raise where the sources have them: an exception class whose
# __str__ joins the contexts a validation passed through (cfgv's ValidationError re-raised by
# validate_context with `ctx=`), an exception class whose __str__ prints its args tuple and its
# type and code keywords (pyld's JsonLdError), checkers made by factories (cfgv's check_type,
# check_one_of), plus `%`-formatted and literal raises (rply, pathspec, pyotp, editorconfig).
case('cfgv', '''
    import cfgv
    cfgv.validate({'a': 'x'}, cfgv.Map('Cfg', None, cfgv.Required('a', cfgv.check_int)))
''')
case('cfgv', '''
    import cfgv
    cfgv.validate({'name': 'r1', 'rev': 3}, cfgv.Map('Repo', 'name', cfgv.Required('rev', cfgv.check_string)))
''')
case('cfgv', '''
    import cfgv
    cfgv.validate({'hooks': ['a', 'z']}, cfgv.Map('Cfg', None,
        cfgv.Required('hooks', cfgv.check_array(cfgv.check_one_of(('a', 'b'))))))
''')
case('cfgv', '''
    import cfgv
    cfgv.validate({'a': 1, 'b': 2}, cfgv.Map('Cfg', None, cfgv.Required('a', cfgv.check_int),
        cfgv.NoAdditionalKeys(('a',))))
''')
case('cfgv', '''
    import cfgv
    cfgv.validate({}, cfgv.Map('Cfg', None, cfgv.Required('a', cfgv.check_int)))
''')
case('cfgv', '''
    import cfgv
    cfgv.validate({'pat': '(['}, cfgv.Map('Cfg', None, cfgv.Optional('pat', cfgv.check_regex, '')))
''')
case('pyld', '''
    from pyld import jsonld
    jsonld.compact({'@id': 'http://a/b'}, None)
''')
case('pyld', '''
    from pyld import jsonld
    jsonld.normalize({'@id': 'http://a/b'}, {'algorithm': 'NOPE'})
''')
case('pyld', '''
    from pyld import jsonld
    jsonld.expand({'@context': 5, '@id': 'http://a/b'})
''')
case('rply', '''
    from rply import ParserGenerator
    pg = ParserGenerator(['NUMBER'])
    pg.production('expr NUMBER')
''')
case('rply', '''
    from rply import ParserGenerator
    pg = ParserGenerator(['NUMBER'], precedence=[('middle', ['NUMBER'])])
    pg.build()
''')
case('rply', '''
    from rply import ParserGenerator
    pg = ParserGenerator(['NUMBER'])
    @pg.production('expr : NUMBER', precedence='HIGH')
    def e(p): return p[0]
    pg.build()
''')
case('pathspec', '''
    import pathspec
    pathspec.PathSpec.from_lines('gitwildmatch', ['!'])
''')
case('pathspec', '''
    import pathspec
    pathspec.PathSpec.from_lines('gitwildmatch', 'abc')
''')
case('pyotp', '''
    import pyotp
    pyotp.parse_uri('otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&colour=red')
''')
case('pyotp', '''
    import pyotp
    pyotp.parse_uri('otpauth://totp/a?secret=JBSWY3DPEHPK3PXP&digits=9')
''')
case('editorconfig', '''
    import editorconfig
    editorconfig.get_properties('relative/file.py')
''')

# --- held-out round 18 (Python): Debian -------------------------------------------------
# Messages not written at the raise where the sources have them: module constants formatted at
# the raise (deepdiff's *_MSG), a message handed to a helper method that raises (deepdiff's
# Delta._raise_or_log), exception classes whose
# base __str__ joins a subclass's format_message (pyscss's SassImportError) or whose __str__
# picks its parts in branches (SassSyntaxError), an exception class formatting its own message
# (ijson's UnexpectedSymbol), errors built in a local, given an attribute, then raised
# (multipart), plus `.format`-ted raises (dateparser's settings checks).
case('deepdiff', '''
    from deepdiff import DeepDiff
    DeepDiff(1, 2, verbose_level=5)
''')
case('deepdiff', '''
    from deepdiff import DeepDiff
    DeepDiff(1, 2, view='nope')
''')
case('deepdiff', '''
    from deepdiff import DeepDiff, Delta
    d = Delta(DeepDiff({'a': 1}, {'a': 2}), raise_errors=True)
    {'b': 1} + d
''')
case('deepdiff', '''
    from deepdiff import DeepHash
    DeepHash(1)['x']
''')
case('dateparser', '''
    import dateparser
    dateparser.parse('2020', settings={'PREFER_DATES_FROM': 'nope'})
''')
case('dateparser', '''
    import dateparser
    dateparser.parse('2020', settings={'REQUIRE_PARTS': ['day', 'week']})
''')
case('dateparser', '''
    import dateparser
    dateparser.parse('2020', settings={'LANGUAGE_DETECTION_CONFIDENCE_THRESHOLD': 1.5})
''')
case('scss', '''
    from scss import Compiler
    Compiler().compile_string('@import "missing";')
''')
case('scss', '''
    from scss import Compiler
    Compiler().compile_string('a { b: 1 +; }')
''')
case('scss', '''
    from scss import Compiler
    Compiler().compile_string('a { b: if(1, 2); }')
''')
case('scss', '''
    from scss.source import SourceFile
    SourceFile.from_string(5)
''')
case('ijson', '''
    import io
    from ijson.backends import python as ij
    list(ij.parse(io.BytesIO(b'[1, }')))
''')
case('ijson', '''
    from ijson.backends import python as ij
    list(ij.parse(5))
''')
case('multipart', '''
    import multipart
    p = multipart.MultipartParser(b'abc')
    p.write(b'--abX\\r\\n')
''')
case('multipart', '''
    import multipart
    p = multipart.QuerystringParser(strict_parsing=True)
    p.write(b'a=1&&b=2')
''')
case('multipart', '''
    import multipart
    p = multipart.QuerystringParser(strict_parsing=True)
    p.write(b'a&b=2')
''')

# --- held-out round 18 (Python): the standard library ------------------------------------
# Modules neither used nor reserved with raises written in Python: a message split over lines
# (types' metaclass conflict), a `%`-formatted repr (platform), literal raises (types, compileall,
# _compression's `.format`).
case('types', '''
    import types
    M1 = type('M1', (type,), {})
    M2 = type('M2', (type,), {})
    types.new_class('X', (M1('A', (), {}), M2('B', (), {})))
''')
case('types', '''
    import types
    B = type('B', (), {'__mro_entries__': lambda self, b: [int]})
    types.resolve_bases((B(),))
''')
case('types', '''
    import types
    types.coroutine(5)
''')
case('platform', '''
    import platform
    platform._sys_version('garbage')
''')
case('compileall', '''
    import compileall
    compileall.compile_dir('.', ddir='x', prependdir='y')
''')
case('_compression', '''
    import _compression, io
    r = _compression.DecompressReader(io.BytesIO(b''), object)
    r.seek(0, 7)
''')

# --- held-out round 19 (Python): Debian -------------------------------------------------
# Messages not written at the raise where the sources have them: an exception class that formats
# its text from keyword arguments, the errors collected in a list of dicts before the raise
# (confection's ConfigValidationError(errors=err, title=err_title)), an exception class building
# 'Syntax Error GraphQL (line:col) description' from a description handed to it (graphql's
# GraphQLSyntaxError, also through a helper returning the error: `raise unexpected(parser)`), a
# module constant formatted at the raise and a helper of the module raising (geomet's
# INVALID_WKT_FMT, _unsupported_geom_type), an error built in one function and raised in another
# (pypeg2's `raise r`), plus literal raises (datetimerange).
case('confection', '''
    from confection import Config
    Config().from_str("[a]\\nb = 1", overrides={"nodot": 1})
''')
case('confection', '''
    from confection import Config
    Config({"x": 1, "a": {"b": 1}}).interpolate()
''')
case('confection', '''
    from confection import registry
    registry.get("nope", "x")
''')
case('graphql', '''
    import graphql
    graphql.parse("{ a ")
''')
case('graphql', '''
    import graphql
    graphql.parse("query { a(b: ) }")
''')
case('graphql', '''
    import graphql
    graphql.parse('{ a(b: "abc')
''')
case('datetimerange', '''
    from datetimerange import DateTimeRange
    DateTimeRange("2020-01-02T00:00:00", "2020-01-01T00:00:00").validate_time_inversion()
''')
case('datetimerange', '''
    import datetime
    from datetimerange import DateTimeRange
    r = DateTimeRange("2020-01-01T00:00:00", "2020-01-02T00:00:00")
    list(r.range(datetime.timedelta(0)))
''')
case('geomet', '''
    from geomet import wkt
    wkt.loads("POINT (1 2")
''')
case('geomet', '''
    from geomet import wkt
    wkt.loads("BLOB (1 2)")
''')
case('geomet', '''
    from geomet import wkb
    wkb.dumps({"type": "Blob", "coordinates": [1, 2]})
''')
case('pypeg2', '''
    import pypeg2
    pypeg2.parse("abc def", [pypeg2.K("if")])
''')

# --- held-out round 19 (Python): the standard library ------------------------------------
# Modules neither used nor reserved with raises written in Python: an exception class given the
# message built in a local beside other arguments (tabnanny's NannyNag), a `%`-formatted class
# name (_threading_local), literal raises (profile, nntplib).
case('tabnanny', '''
    import io, tabnanny, tokenize
    src = "if 1:\\n\\tif 1:\\n\\t    pass\\n        pass\\n"
    tabnanny.process_tokens(tokenize.generate_tokens(io.StringIO(src).readline))
''')
case('_threading_local', '''
    import _threading_local
    _threading_local.local(1)
''')
case('_threading_local', '''
    import _threading_local
    _threading_local.local().__dict__ = {}
''')
case('profile', '''
    import profile
    class P(profile.Profile):
        pass
    P().calibrate(1)
''')
case('nntplib', '''
    import nntplib
    nntplib._parse_overview_fmt(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
''')

# --- held-out round 20 (Python): Debian -------------------------------------------------
case('oslo_config', '''
    from oslo_config import cfg
    cfg.ConfigOpts().foo
''')
case('oslo_config', '''
    from oslo_config import cfg
    conf = cfg.ConfigOpts()
    conf.register_opt(cfg.StrOpt('host', required=True))
    conf([])
''')
case('oslo_config', '''
    from oslo_config import cfg
    conf = cfg.ConfigOpts()
    conf.register_opt(cfg.StrOpt('host'))
    conf.register_opt(cfg.IntOpt('host'))
''')
case('oslo_config', '''
    from oslo_config import types
    types.Integer(min=1)('0')
''')
case('oslo_config', '''
    from oslo_config import cfg
    conf = cfg.ConfigOpts()
    conf([], default_config_files=['hpy20-missing.conf'])
''')
case('oslo_utils', '''
    from oslo_utils import strutils
    strutils.bool_from_string('perhaps', strict=True)
''')
case('oslo_utils', '''
    from oslo_utils import strutils
    strutils.string_to_bytes('10XB')
''')
case('oslo_utils', '''
    from oslo_utils import strutils
    strutils.validate_integer('12', 'workers', max_value=8)
''')
case('oslo_utils', '''
    from oslo_utils import versionutils
    versionutils.convert_version_to_int('1.x.3')
''')
case('parsley', '''
    import parsley
    parsley.makeGrammar("num = <digit+>:ds -> int(ds)", {})("12a").num()
''')
case('parsley', '''
    import parsley
    parsley.makeGrammar("pick = 'a' | 'b'", {})("c").pick()
''')
case('catalogue', '''
    import catalogue
    catalogue.create('hpy20', 'layers').get('dense')
''')
case('catalogue', '''
    import catalogue
    catalogue.create('hpy20', 'layers').register('dense', func=len)
    catalogue.create('hpy20', 'layers', 'dense')
''')
case('stevedore', '''
    from stevedore import driver
    driver.DriverManager('hpy20.missing', 'nothing')
''')
case('tinydb', '''
    from tinydb import TinyDB
    from tinydb.storages import MemoryStorage
    db = TinyDB(storage=MemoryStorage)
    db.insert({'a': 1})
    db.update({'a': 2}, doc_ids=[1], eids=[1])
''')

# --- held-out round 20 (Python): the standard library ------------------------------------
case('asynchat', '''
    import asynchat
    asynchat.async_chat().set_terminator(-1)
''')
case('smtpd', '''
    import smtpd
    smtpd.SMTPServer(('127.0.0.1', 0), None, decode_data=True, enable_SMTPUTF8=True)
''')

# --------------------------------------------------------------------------------------
# Harness
# --------------------------------------------------------------------------------------
FRAME_RE = re.compile(r'^  File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>.+)$')


def root_for(package: str) -> str:
    if package not in DEBIAN:
        return STDLIB
    base = os.path.join(DIST, *package.split('.'))
    if os.path.isdir(base):
        return base
    if os.path.isfile(base + '.py'):
        return base + '.py'
    raise SystemExit(f'cannot find Debian package {package!r} under {DIST}')


def inside(path: str, root: str) -> bool:
    if root.endswith('.py'):
        return path == root
    if root == STDLIB:
        return path.startswith(STDLIB + '/') and '/site-packages/' not in path
    return path.startswith(root + '/')


def real_file(path: str, root: str) -> str:
    """Map a frozen stdlib frame ('<frozen posixpath>') to the file it was frozen from."""
    m = re.fullmatch(r'<frozen ([\w.]+)>', path)
    if m and root == STDLIB:
        cand = os.path.join(STDLIB, *m[1].split('.')) + '.py'
        if os.path.isfile(cand):
            return cand
    return path


def stdlib_module(path: str) -> str:
    rel = os.path.relpath(path, STDLIB)
    parts = rel[:-3].split('/') if rel.endswith('.py') else rel.split('/')
    if parts[-1] == '__init__':
        parts = parts[:-1]
    return '.'.join(parts[:2])


def last_section(trace: str) -> str:
    idx = trace.rfind('Traceback (most recent call last):')
    return trace[idx:] if idx >= 0 else ''


def source_line(path: str, line: int) -> str:
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            lines = f.read().split('\n')
    except OSError:
        return ''
    return lines[line - 1] if 0 < line <= len(lines) else ''


def run_case(code: str) -> tuple[str, dict | None]:
    out_path = os.path.join(WORK, '_last_exc.json')
    if os.path.exists(out_path):
        os.unlink(out_path)
    env = {
        'PATH': '/usr/bin:/bin',
        'LANG': 'C.UTF-8',
        'PYTHONPATH': HOOK_DIR,
        'PYTHONHASHSEED': '0',
        'PYTHONDONTWRITEBYTECODE': '1',
        'ERRDEX_EVAL_OUT': out_path,
        'HOME': WORK,
    }
    proc = subprocess.run([PY, '-W', 'ignore', '-c', code], cwd=WORK, env=env,
                          capture_output=True, text=True, timeout=120)
    info = None
    if os.path.exists(out_path):
        with open(out_path, encoding='utf-8') as f:
            info = json.load(f)
    return proc.stderr, info


def classify(records: list[dict]) -> None:
    """Adds `category`, `kind` and `categoryWhy` to each record (eval/gen/classify.mjs: one rule set
    for both ecosystems)."""
    node = shutil.which('node')
    if not node:
        raise SystemExit('node is needed to classify the cases (eval/gen/classify.mjs)')
    proc = subprocess.run([node, os.path.join(HERE, 'classify.mjs'), '--json'], input=json.dumps(records),
                          capture_output=True, text=True, check=True)
    for rec, cat in zip(records, json.loads(proc.stdout)):
        rec.update(cat)


def main() -> None:
    args = sys.argv[1:]
    only = args[args.index('--only') + 1] if '--only' in args else None
    verbose = '--verbose' in args
    if sys.executable != PY and os.path.realpath(sys.executable) != os.path.realpath(PY):
        print(f'warning: run this with {PY}', file=sys.stderr)

    os.makedirs(HOOK_DIR, exist_ok=True)
    with open(os.path.join(HOOK_DIR, 'sitecustomize.py'), 'w', encoding='utf-8') as f:
        f.write(HOOK)
    for name, content in FIXTURES.items():
        with open(os.path.join(WORK, name), 'w', encoding='utf-8') as f:
            f.write(content)

    counters: Counter[str] = Counter()
    records = []
    skipped: list[tuple[str, str]] = []
    for package, code in CASES:
        counters[package] += 1
        cid = 'py-%s-%02d' % (re.sub(r'[^a-z0-9]+', '-', package.lower()).strip('-'), counters[package])
        if only and not cid.startswith(only):
            continue
        root = root_for(package)
        trace, info = run_case(code)
        start = trace.find('Traceback (most recent call last):')
        if info is None or start < 0:
            skipped.append((cid, 'no uncaught exception: ' + trace.strip()[-200:]))
            continue
        # Drop anything the library printed to stderr before the traceback (docutils does).
        trace = trace[start:]
        frames = [m for m in (FRAME_RE.match(l) for l in last_section(trace).split('\n')) if m]
        if not frames:
            skipped.append((cid, 'no frames'))
            continue
        # The site: the innermost frame inside the library. Frames after it in another package
        # (a Debian library calling the standard library) make it a call site; a frame after it in
        # user code (a callback) means the library did not raise.
        in_root = [i for i, f in enumerate(frames) if inside(real_file(f['file'], root), root)]
        if not in_root:
            innermost = frames[-1]
            skipped.append((cid, 'innermost frame outside the library: %s:%s' % (innermost['file'], innermost['line'])))
            continue
        k = in_root[-1]
        user = [f for f in frames[k + 1:] if f['file'].startswith('<string>') or f['file'].startswith(WORK)]
        if user:
            skipped.append((cid, 'raised in user code called by the library: %s:%s' % (user[-1]['file'], user[-1]['line'])))
            continue
        innermost = frames[k]
        file, line = real_file(innermost['file'], root), int(innermost['line'])
        text = source_line(file, line)
        mod = stdlib_module(file) if root == STDLIB else package
        if mod != package and not mod.startswith(package + '.'):
            skipped.append((cid, 'site is in %s, not %s' % (mod, package)))
            continue
        if not info['message'].strip():
            skipped.append((cid, 'empty message'))
            continue
        rec = {
            'id': cid,
            'ecosystem': 'python-stdlib' if root == STDLIB else 'python-debian',
            'package': package,
            'root': root,
            'code': code,
            'errorClass': info['errorClass'],
            'message': info['message'],
            'trace': trace,
            'site': {'file': file, 'line': line, 'rel': os.path.relpath(file, root) if root != file else os.path.basename(file)},
        }
        records.append(rec)
        if verbose:
            print('%-28s %s: %s' % (cid, rec['errorClass'], rec['message'][:110].replace('\n', '\\n')))
            print('    %s:%d  %s' % (file, line, text.strip()[:110]))

    for cid, why in skipped:
        print('SKIP %s: %s' % (cid, why), file=sys.stderr)
    if only:
        print('(--only: corpus not written)')
        return
    classify(records)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    tmp = OUT + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')
    os.replace(tmp, OUT)
    by_eco = Counter(r['ecosystem'] for r in records)
    print('wrote %d cases to %s (%s); skipped %d' % (
        len(records), os.path.relpath(OUT, os.getcwd()), ', '.join('%s=%d' % kv for kv in sorted(by_eco.items())), len(skipped)))


if __name__ == '__main__':
    main()
