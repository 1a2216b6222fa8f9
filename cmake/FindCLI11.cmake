# CLI11 (header-only) from the distribution, as the imported target CLI11::CLI11.

find_path(CLI11_INCLUDE_DIR NAMES CLI/CLI.hpp)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CLI11 REQUIRED_VARS CLI11_INCLUDE_DIR)

if(CLI11_FOUND AND NOT TARGET CLI11::CLI11)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  set_target_properties(CLI11::CLI11 PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${CLI11_INCLUDE_DIR}")
endif()

mark_as_advanced(CLI11_INCLUDE_DIR)
