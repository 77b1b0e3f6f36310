# scripts/release/lib.sh: what scripts/release/npm and scripts/release/archives
# share, sourced by both: the one list of platforms, the release version and
# the one way a binary is built. Not executable on its own.

# release_platforms: every platform a release ships, as npm names them
# (OS-CPU, process.platform and process.arch). Each has an npm package
# @mcpconf/OS-CPU and an archive mcpconf_VERSION_GOOS_GOARCH.
release_platforms="linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64"

# release_version REPO: MCPCONF_VERSION, or npm/VERSION; exits on one that
# is not semver.
release_version() {
	local v=${MCPCONF_VERSION:-$(tr -d ' \n' <"$1/npm/VERSION")}
	if ! [[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
		echo "scripts/release: version \"$v\" is not semver: fix npm/VERSION or MCPCONF_VERSION" >&2
		exit 2
	fi
	printf '%s\n' "$v"
}

# release_selected: MCPCONF_PLATFORMS (a space-separated subset, the tests
# build one), or every platform; exits on an unknown one.
release_selected() {
	local p
	for p in ${MCPCONF_PLATFORMS:-$release_platforms}; do
		case " $release_platforms " in *" $p "*) ;;
			*) echo "scripts/release: unknown platform \"$p\" in MCPCONF_PLATFORMS (known: $release_platforms)" >&2; exit 2 ;; esac
	done
	printf '%s\n' "${MCPCONF_PLATFORMS:-$release_platforms}"
}

# release_target PLATFORM: sets goos, goarch, os, cpu and exe for it.
release_target() {
	os=${1%-*}; cpu=${1#*-}
	case $os in linux|darwin) goos=$os; exe=mcpconf ;; win32) goos=windows; exe=mcpconf.exe ;; esac
	case $cpu in x64) goarch=amd64 ;; arm64) goarch=arm64 ;; esac
}

# release_build REPO PLATFORM VERSION OUT: builds mcpconf for PLATFORM into
# the file OUT, stamped with VERSION (mcpconf --version says it).
release_build() {
	local goos goarch os cpu exe
	release_target "$2"
	(cd "$1" && CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch \
		go build -trimpath -ldflags "-s -w -X main.version=$3" -o "$4" ./cmd/mcpconf)
}
