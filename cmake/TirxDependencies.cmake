# Third-party packages, found once for the whole tree.

find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets Test Svg Concurrent)
find_package(QScintilla REQUIRED)
find_package(CLI11 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GVC REQUIRED IMPORTED_TARGET libgvc libcgraph)
find_package(benchmark QUIET)
