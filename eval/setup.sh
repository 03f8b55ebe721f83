#!/usr/bin/env bash
# Installs what the evaluation corpus needs on a Debian bookworm machine (run as root).
# Idempotent: packages already present are left alone.
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
  python3-genshi
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
echo "eval/setup.sh: all ${#PKGS[@]} Debian packages present"
