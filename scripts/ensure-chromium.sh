#!/usr/bin/env bash
# The browser tests use Debian's Chromium (Playwright cannot download its own here): the headless shell for the
# journeys (what Playwright itself runs headless: no browser UI or GPU process, so less CPU per page on a small CI
# machine) and the full browser for Lighthouse (npm run bench). Installs whichever is missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian's ${missing[*]} for the browser tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
/usr/lib/chromium/chromium-headless-shell --version
