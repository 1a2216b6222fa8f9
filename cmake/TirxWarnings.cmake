# Per-target warning flags and the Qt string-safety defines. Applied PRIVATE,
# so a consumer of a library never inherits another target's policy.

function(tirx_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE
      -Wall -Wextra -Wpedantic
      -Wsuggest-override -Wnon-virtual-dtor -Wimplicit-fallthrough
      -Werror)
  endif()
  # GCC 12 at -O3 reports a false -Wrestrict inside std::string's operator+
  # (GCC bug 105329), which -Werror would turn into a failed Release build.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()

function(tirx_set_qt_defines target)
  target_compile_definitions(${target} PRIVATE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_URL_CAST_FROM_STRING
    QT_USE_QSTRINGBUILDER)
endfunction()
