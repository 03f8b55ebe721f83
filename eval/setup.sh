#!/usr/bin/env bash
# Installs what the evaluation corpus needs on a Debian bookworm machine (run as root).
# Idempotent: a package already present at the archive's version is left alone; one present at an
# older version (a machine image made before a point release) is upgraded, because the corpus's
# line numbers are those of the archive's version.
#
#   - /usr/bin/python3 (Debian's Python 3.11 and its standard library under /usr/lib/python3.11)
#   - the Debian-packaged Python libraries the python-debian cases run and errdex analyzes
#     (under /usr/lib/python3/dist-packages)
#   - the npm packages are in eval/package.json: `npm ci --prefix eval` installs them
#     (npm run eval and npm run bench do it when eval/node_modules is missing).
#
# The corpus records line numbers, so it matches the package versions it was generated with
# (listed in eval/README.md); after a Debian point release changes a library, regenerate it.
set -euo pipefail

PKGS=(
  python3
  python3-bitstring python3-blinker python3-bottle python3-bs4 python3-configobj
  python3-construct python3-crcmod python3-cryptography python3-dnspython python3-docopt
  python3-docutils python3-ecdsa python3-elementpath python3-httplib2 python3-humanfriendly
  python3-iso8601 python3-isodate python3-itsdangerous python3-jmespath python3-json-pointer
  python3-jsonpatch python3-jwt python3-lark python3-lazr.uri python3-more-itertools
  python3-netaddr python3-networkx python3-oauthlib python3-openssl python3-parse
  python3-phonenumbers python3-pint python3-pkg-resources python3-polib python3-pyasn1
  python3-pyparsing python3-rfc3986 python3-roman python3-rsa python3-schema
  python3-semantic-version python3-simpleeval python3-six python3-sortedcontainers
  python3-soupsieve python3-sqlparse python3-tomlkit python3-typeguard python3-tz
  python3-webob python3-xmlschema python3-xmltodict
  python3-formencode python3-wtforms python3-simplejson python3-ply python3-chameleon
  python3-genshi python3-xmltodict
  python3-cssselect python3-html5lib python3-jsonpath-rw python3-parsimonious python3-regex
  python3-textfsm python3-pyrsistent python3-boltons
  python3-hamcrest python3-pycparser python3-strictyaml python3-arpeggio python3-tempita python3-dacite
  python3-json5 python3-pystache
  python3-toposort python3-stdnum python3-aniso8601 python3-sexpdata python3-hashids python3-base58
  python3-cachetools python3-toolz python3-commonmark python3-mistune python3-jsonpickle
  python3-dotenv python3-tinycss2
  python3-ruamel.yaml python3-transitions python3-tabulate python3-cssutils python3-bidict python3-natsort
  python3-uritemplate python3-intervaltree python3-asteval python3-webencodings
  python3-sqlglot python3-kajiki python3-crontab python3-webcolors python3-pycountry python3-quantities
  python3-pendulum python3-cattr python3-u-msgpack python3-hyperlink python3-uncertainties python3-rdflib
  python3-asn1crypto python3-calmjs.parse python3-jwcrypto python3-ldap3 python3-pybtex python3-passlib
  python3-moneyed python3-markdown-it python3-cheetah
  python3-zope.interface python3-traitlets python3-confuse python3-defusedxml python3-vobject python3-authlib
  python3-pathvalidate python3-semver
  python3-h11 python3-pykwalify python3-protobuf python3-xdg python3-kconfiglib python3-prettytable python3-wsproto python3-texttable python3-num2words
  python3-typepy python3-furl python3-unidiff python3-icalendar python3-decouple
  python3-license-expression python3-boolean python3-tld python3-hyperframe python3-hpack python3-h2 python3-ipy
  python3-websockets python3-pymongo python3-avro python3-isbnlib python3-geojson python3-colour python3-qrcode
  python3-dynaconf python3-isodatetime python3-iniconfig python3-debian python3-kaitaistruct python3-funcparserlib python3-libconf python3-omegaconf
  python3-typedload python3-airspeed python3-demjson python3-pyhcl python3-staticconf python3-vdf
  python3-setuptools python3-yarl python3-fastjsonschema python3-tomli-w python3-uritools
  python3-cfgv python3-pyld python3-rply python3-pathspec python3-pyotp python3-editorconfig
  python3-deepdiff python3-dateparser python3-pyscss python3-ijson python3-multipart
  python3-confection python3-graphql-core python3-datetimerange python3-geomet python3-pypeg2
  python3-oslo.config python3-oslo.utils python3-parsley python3-catalogue python3-stevedore python3-tinydb
  # the other languages' trees: the JDK's sources, Ruby gems, PHP libraries, Go and Rust sources
  openjdk-17-jdk-headless openjdk-17-source kotlin openjfx-source libopenjfx-java bsh bsh-src
  ruby ruby-builder ruby-citrus ruby-dry-container ruby-dry-inflector ruby-dry-logic ruby-dry-types
  ruby-erubi ruby-gitlab-chronic ruby-hashie ruby-highline ruby-iniparse ruby-ipaddress ruby-json-schema
  ruby-jwt ruby-money ruby-multi-json ruby-mustache ruby-netaddr ruby-optimist ruby-parslet ruby-rouge
  ruby-semantic-range ruby-thor ruby-tilt ruby-toml ruby-versionomy ruby-activemodel
  ruby-slop ruby-dotenv ruby-hocon ruby-rainbow ruby-dry-core ruby-xmlrpc ruby-blockenspiel ruby-polyglot
  ruby-rspec-expectations ruby-nokogiri ruby-temple ruby-mixlib-config ruby-diff-lcs
  ruby-haml ruby-sass ruby-sequel ruby-ice-cube ruby-treetop ruby-tomlrb ruby-colorize
  ruby-mail ruby-net-ldap ruby-slim ruby-ffi ruby-cri ruby-xml-simple
  ruby-iso8601 ruby-semverse ruby-state-machines ruby-fugit ruby-jmespath ruby-bindata ruby-zip ruby-rqrcode-core
  ruby-graphql ruby-netrc ruby-multi-xml
  ruby-whitequark-parser ruby-clamp ruby-rspec-mocks ruby-semantic-puppet ruby-virtus ruby-cucumber-expressions
  ruby-gherkin ruby-coderay
  ruby-grape ruby-activerecord ruby-sqlite3 ruby-pundit ruby-regexp-parser ruby-cmdparse ruby-tty-command
  ruby-fast-gettext ruby-anima
  ruby-rest-client ruby-faraday ruby-mixlib-shellout ruby-memoizable ruby-abstract-type ruby-coercible
  ruby-necromancer ruby-pastel ruby-progressbar ruby-settingslogic
  ruby-excon ruby-http ruby-chunky-png ruby-adamantium
  ruby-actionpack ruby-rubocop-ast ruby-dbus ruby-prawn ruby-httparty ruby-oauth2 ruby-net-ssh ruby-terminal-table ruby-mixlib-versioning
  ruby-factory-bot ruby-webmock ruby-activejob ruby-will-paginate ruby-rspec-core ruby-enumerize ruby-stringex
  ruby-enum ruby-molinillo ruby-minitar ruby-chronic-duration ruby-http-form-data
  ruby-contracts ruby-rufus-scheduler ruby-retriable ruby-unicode-plot ruby-http-cookie ruby-domain-name ruby-declarative-policy
  ruby-ttfunk ruby-hamster ruby-configurate ruby-method-source ruby-wisper ruby-commander ruby-deep-merge ruby-parse-cron ruby-pdf-core
  ruby-wavefile ruby-uri-template ruby-hana ruby-json-schemer ruby-timeliness ruby-ssh-data
  ruby-stomp ruby-pdf-reader ruby-json-jwt ruby-icalendar ruby-gettext
  ruby-http-2 ruby-sshkit ruby-vcr ruby-roo ruby-jsonpath
  ruby-octokit ruby-connection-pool ruby-htmlentities rake
  ruby-aws-sdk-core ruby-mongo ruby-fog-core ruby-redis ruby-solve
  php-cli php-mbstring php-xml php-nesbot-carbon php-doctrine-collections php-doctrine-inflector
  php-vlucas-phpdotenv php-json-schema php-nyholm-psr7 php-parsedown php-sabre-vobject php-phpseclib3
  php-webmozart-assert php-symfony-config php-symfony-css-selector php-symfony-dependency-injection
  php-symfony-expression-language php-symfony-filesystem php-symfony-finder php-symfony-http-foundation
  php-symfony-intl php-symfony-mime php-symfony-process php-symfony-property-access php-symfony-routing
  php-symfony-serializer php-symfony-uid php-symfony-validator php-symfony-var-exporter
  php-dragonmantank-cron-expression php-symfony-workflow php-symfony-event-dispatcher php-symfony-translation
  php-symfony-cache php-phpoption php-constant-time php-league-commonmark
  php-doctrine-lexer php-masterminds-html5
  php-symfony-dotenv php-symfony-mailer php-symfony-rate-limiter php-symfony-lock php-symfony-property-info
  php-brick-varexporter php-phar-io-version php-phpdocumentor-type-resolver php-phpdocumentor-reflection-docblock
  php-guzzlehttp-promises php-ramsey-collection php-league-flysystem php-league-config php-zeta-base php-parser
  php-zumba-json-serializer
  php-doctrine-instantiator php-doctrine-annotations php-composer-pcre php-phpmyadmin-sql-parser php-phpstan-phpdoc-parser
  php-pimple php-dasprid-enum php-symfony-dom-crawler php-symfony-password-hasher php-phar-io-manifest php-illuminate-container
  php-deepcopy
  php-doctrine-dbal php-zeta-console-tools php-symfony-http-client php-symfony-notifier php-symfony-messenger
  php-symfony-security-core php-horde-date php-horde-idna php-illuminate-collections
  php-console-commandline php-horde-argv php-easyrdf php-ml-json-ld php-doctrine-persistence php-nrk-predis php-mockery
  php-hamcrest php-malkusch-lock
  php-faker php-slim php-illuminate-validation php-phpspec-prophecy php-zend-code php-net-dns2 php-symfony-http-kernel
  php-bacon-qr-code php-guzzlehttp-guzzle
  php-doctrine-orm php-proxy-manager php-symfony-form php-oscarotero-gettext php-illuminate-support php-illuminate-container
  php-eluceo-ical php-react-promise php-composer-spdx-licenses
  php-async-aws-core php-async-aws-sqs php-symfony-polyfill-intl-icu php-amqplib php-mikey179-vfsstream php-directory-scanner
  php-illuminate-database php-sqlite3 php-amphp-amp php-fpdf php-tcpdf php-htmlpurifier
  php-laravel-serializable-closure php-illuminate-encryption php-zend-stdlib php-zend-eventmanager
  phpunit-cli-parser phpunit-comparator php-email-validator
  php-illuminate-routing php-illuminate-view php-illuminate-cache phpunit-diff php-text-template phpunit-code-unit
  php-symfony-stopwatch php-symfony-templating
  php-dompdf php-pda-pheanstalk php-symfony-ldap php-ldap php-illuminate-filesystem php-symfony-var-dumper php-httpful php-codecoverage
  php-illuminate-http php-symfony-slack-notifier php-slim-psr7 php-matthiasmullie-minify php-phpmyadmin-motranslator php-illuminate-hashing
  php-horde-css-parser php-symfony-asset php-illuminate-auth php-doctrine-common php-christianriesen-otp
  phpunit php-swiftmailer php-horde-mail php-illuminate-console
  php-symfony-semaphore php-mariadb-mysql-kbs php-code-lts-u2f-php-server php-timer
  php-composer-class-map-generator php-gettext-languages
  pdepend phpmd php-codesniffer php-symfony-telegram-notifier php-symfony-mailgun-mailer
  golang-go golang-src golang-github-burntsushi-toml-dev golang-github-alecthomas-units-dev
  golang-github-asaskevich-govalidator-dev golang-github-docker-go-units-dev golang-github-dustin-go-humanize-dev
  golang-github-go-ini-ini-dev golang-github-gobwas-glob-dev golang-github-google-shlex-dev
  golang-github-hashicorp-hcl-dev golang-github-joho-godotenv-dev golang-github-mattn-go-shellwords-dev
  golang-github-mitchellh-mapstructure-dev golang-github-pelletier-go-toml-dev golang-github-sirupsen-logrus-dev
  golang-gopkg-yaml.v3-dev golang-github-kballard-go-shellquote-dev golang-github-coreos-go-semver-dev
  librust-ascii-dev librust-bigdecimal-dev librust-bytesize-dev librust-configparser-dev librust-data-encoding-dev
  librust-fancy-regex-dev librust-globset-dev librust-indexmap-dev librust-mime-dev librust-num-bigint-dev
  librust-quick-xml-dev librust-ron-dev librust-rust-decimal-dev librust-semver-parser-dev librust-shell-words-dev
  librust-toml-edit-dev librust-xml-rs-dev librust-ipnet-dev librust-arrayvec-dev librust-glob-dev librust-rust-ini-dev
  golang-github-xeipuuv-gojsonschema-dev golang-github-magiconair-properties-dev golang-github-spf13-cobra-dev
  golang-github-go-playground-validator-v10-dev
  golang-github-buger-jsonparser-dev golang-github-go-logfmt-logfmt-dev golang-github-jessevdk-go-flags-dev
  golang-github-fxamacker-cbor-dev golang-github-itchyny-gojq-dev golang-github-go-sql-driver-mysql-dev
  librust-httparse-dev librust-cookie-dev librust-num-rational-dev librust-unic-langid-impl-dev librust-cargo-platform-dev
  golang-github-dlclark-regexp2-dev golang-github-go-ozzo-ozzo-validation.v4-dev golang-github-golang-jwt-jwt-dev
  golang-github-gorilla-schema-dev librust-roxmltree-dev librust-tinytemplate-dev librust-getopts-dev librust-pem-dev
  golang-github-jmespath-go-jmespath-dev golang-github-miekg-dns-dev golang-github-antonmedv-expr-dev
  librust-yaml-rust-dev librust-lexopt-dev librust-ipnetwork-dev librust-json-dev
  golang-golang-x-mod-dev golang-github-leodido-go-urn-dev golang-github-subosito-gotenv-dev
  librust-bs58-dev librust-cfg-expr-dev librust-language-tags-dev librust-dotenv-dev librust-byte-unit-dev librust-target-lexicon-dev
  golang-golang-x-text-dev golang-github-itchyny-timefmt-go-dev librust-xmlparser-dev librust-bincode-dev librust-plist-dev
  golang-golang-x-crypto-dev golang-golang-x-net-dev librust-rmp-serde-dev librust-serde-xml-rs-dev librust-envy-dev librust-eui48-dev
  librust-rmp-dev librust-hkdf-dev librust-sha2-dev librust-bstr-dev librust-ordered-float-dev librust-iso8601-dev librust-base64ct-dev librust-httpdate-dev librust-rand-dev librust-num-traits-dev
  librust-shellexpand-dev librust-ucd-parse-dev librust-pest-meta-dev
  golang-github-kelseyhightower-envconfig-dev librust-rustc-version-dev librust-simple-asn1-dev librust-z85-dev librust-tera-dev
  golang-github-spf13-viper-dev golang-gopkg-yaml.v2-dev librust-log-dev librust-ignore-dev
  golang-github-go-playground-universal-translator-dev golang-github-go-playground-locales-dev librust-arbitrary-dev librust-crossbeam-channel-dev librust-walkdir-dev librust-bytecheck-dev
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then missing+=("$p"); continue; fi
  candidate=$(apt-cache policy "$p" | sed -n 's/^ *Candidate: //p')
  [ -z "$candidate" ] || [ "$candidate" = "(none)" ] || [ "$candidate" = "$(dpkg-query -W -f='${Version}' "$p")" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
# BeanShell's sources ship as a tarball (bsh-src): the JVM cases' tree is it unpacked, in a fixed place.
BSH_TREE=/usr/local/share/errdex-eval/bsh
if [ ! -f "$BSH_TREE/src/bsh/Interpreter.java" ]; then
  mkdir -p "$BSH_TREE" && tar -xzf /usr/src/bsh-src/bsh.tar.gz -C "$BSH_TREE"
fi
echo "eval/setup.sh: all ${#PKGS[@]} Debian packages present"
