#!/usr/bin/env bash
# Installs what dynexpr's end-to-end suite needs, on a fresh Debian machine, as root:
#   - Debian's AWS CLI v2 (/usr/bin/aws, package awscli), unless already there;
#   - Debian's Neovim (package neovim), the real LSP client of e2e/neovim_test.go;
#   - the npm packages pinned in e2e/package-lock.json (dynoxide, dynalite), with
#     `npm ci`, unless e2e/node_modules already matches the lockfile.
# Idempotent: a second run changes nothing and takes about a second.
# Exits non-zero, saying what is missing, when anything is still missing afterwards.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

AWS_V2=/usr/bin/aws
DYNOXIDE="$here/node_modules/@dynoxide/linux-x64/dynoxide"
DYNALITE="$here/node_modules/dynalite/cli.js"
STAMP="$here/node_modules/.dynexpr-e2e-lock.sha256"

say() { printf 'e2e/install.sh: %s\n' "$*"; }
die() {
	printf 'e2e/install.sh: FAILED: %s\n' "$*" >&2
	exit 1
}

apt_updated=0
apt_install() {
	[ "$(id -u)" -eq 0 ] || die "need root to apt-get install $* (run: sudo bash e2e/install.sh)"
	export DEBIAN_FRONTEND=noninteractive
	if [ "$apt_updated" -eq 0 ]; then
		say "apt-get update"
		apt-get update -q || die "apt-get update failed"
		apt_updated=1
	fi
	say "apt-get install -y $*"
	apt-get install -y -q --no-install-recommends "$@" || die "apt-get install $* failed"
}

aws_v2_ok() {
	[ -x "$AWS_V2" ] && "$AWS_V2" --version 2>&1 | grep -q '^aws-cli/2\.'
}

node_major() {
	node -e 'process.stdout.write(process.versions.node.split(".")[0])' 2>/dev/null || echo 0
}

# --- AWS CLI v2 (Debian package awscli) --------------------------------------
if aws_v2_ok; then
	say "AWS CLI v2 present: $("$AWS_V2" --version 2>&1)"
else
	apt_install awscli
fi

# --- Neovim (Debian package neovim) -------------------------------------------
if ! command -v nvim >/dev/null 2>&1; then
	apt_install neovim
fi

# --- Node.js and npm ----------------------------------------------------------
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	apt_install nodejs npm
fi
command -v node >/dev/null 2>&1 || die "node not found on PATH after install"
command -v npm >/dev/null 2>&1 || die "npm not found on PATH after install"
if [ "$(node_major)" -lt 20 ]; then
	die "dynalite 4 needs Node.js >= 20; found $(node --version 2>&1) at $(command -v node)"
fi

# --- npm packages (dynoxide, dynalite) ----------------------------------------
lock_sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$lock_sum" ] && [ -x "$DYNOXIDE" ] && [ -f "$DYNALITE" ]; then
	say "e2e/node_modules matches package-lock.json"
else
	say "npm ci (e2e/package-lock.json)"
	# --ignore-scripts: the only install script is classic-level's prebuild check;
	# its prebuilds ship in the package and in-memory dynalite does not load it.
	npm ci --ignore-scripts --no-audit --no-fund || die "npm ci failed in $here"
	printf '%s\n' "$lock_sum" >"$STAMP"
fi

# --- check everything ----------------------------------------------------------
missing=()
aws_v2_ok || missing+=("AWS CLI v2 at $AWS_V2 (Debian package awscli)")
command -v nvim >/dev/null 2>&1 || missing+=("nvim (Debian package neovim)")
{ [ -x "$DYNOXIDE" ] && "$DYNOXIDE" --version >/dev/null 2>&1; } || missing+=("dynoxide binary at $DYNOXIDE (npm @dynoxide/linux-x64)")
{ [ -f "$DYNALITE" ] && node -e 'require(process.argv[1])' "$here/node_modules/dynalite" >/dev/null 2>&1; } || missing+=("dynalite at $DYNALITE (npm dynalite)")
if [ "${#missing[@]}" -gt 0 ]; then
	for m in "${missing[@]}"; do printf 'e2e/install.sh: MISSING: %s\n' "$m" >&2; done
	die "${#missing[@]} prerequisite(s) missing"
fi

v1="not present"
if path_aws="$(command -v aws 2>/dev/null)"; then
	v="$(aws --version 2>&1 || true)"
	case "$v" in aws-cli/1.*) v1="$v ($path_aws)" ;; esac
fi
say "ok"
say "  aws v2:   $("$AWS_V2" --version 2>&1)"
say "  aws v1:   $v1 (optional)"
say "  dynoxide: $("$DYNOXIDE" --version 2>&1) ($DYNOXIDE)"
say "  dynalite: $(node -p 'require(process.argv[1]).version' "$here/node_modules/dynalite/package.json")"
say "  node:     $(node --version)"
say "  neovim:   $(nvim --version | head -1)"
