# The compiler's folders are its layers, and the build enforces their order.
#
# tirx_add_layer(NAME FOLDER [DEPENDS layer...]) makes a static library of
# compiler/FOLDER/*.cpp. Its headers are reachable only through an include
# root of its own, ${CMAKE_BINARY_DIR}/layers/FOLDER, which holds one entry:
# a link named FOLDER to the source folder. A library sees the roots of the
# layers it links and no others, so `#include "transform/pass.h"` written in
# analysis/ fails to compile: analysis does not link transform.
function(tirx_add_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 LAYER "" "FOLDER" "DEPENDS;EXCLUDE")
  set(source_dir "${CMAKE_CURRENT_SOURCE_DIR}/${LAYER_FOLDER}")
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${source_dir}/*.cpp")
  file(GLOB_RECURSE headers CONFIGURE_DEPENDS "${source_dir}/*.h" "${source_dir}/*.def")
  foreach(excluded IN LISTS LAYER_EXCLUDE)
    list(REMOVE_ITEM sources "${source_dir}/${excluded}")
  endforeach()

  set(root "${CMAKE_BINARY_DIR}/layers/${LAYER_FOLDER}")
  file(MAKE_DIRECTORY "${root}")
  if(NOT EXISTS "${root}/${LAYER_FOLDER}")
    file(CREATE_LINK "${source_dir}" "${root}/${LAYER_FOLDER}" SYMBOLIC)
  endif()

  add_library(${name} STATIC ${sources} ${headers})
  target_include_directories(${name} PUBLIC "${root}")
  target_compile_features(${name} PUBLIC cxx_std_20)
  target_link_libraries(${name} PUBLIC ${LAYER_DEPENDS})
  tirx_set_warnings(${name})
endfunction()
