#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need. Prints
# nothing when everything is already there.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config ccache
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-tools-dev
  libqscintilla2-qt6-dev libgraphviz-dev nlohmann-json3-dev
  libcli11-dev libdtl-dev libbenchmark-dev libmimalloc-dev libgl-dev libxkbcommon-dev
  libpng-dev libfreetype-dev libfontconfig-dev
  clang-format clang-tidy fonts-dejavu-core xvfb xauth python3 python3-numpy
  openssh-server openssh-client
  # The Debian package (packaging/): dpkg-shlibdeps and file for CPack, and
  # the checks of what it installs.
  dpkg-dev file desktop-file-utils appstream lintian
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  if [[ "$status" != "install ok installed" ]]; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

if ((EUID != 0)); then
  echo "Missing packages. Install them with:" >&2
  echo "sudo apt-get install -y --no-install-recommends ${missing[*]}"
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
