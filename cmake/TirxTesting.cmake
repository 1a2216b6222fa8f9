# tirx_add_qtest(NAME <name> SOURCES <files...> LIBS <libs...> [GUI])
#
# One Qt Test executable registered with CTest. GUI tests run on the
# offscreen platform so they need no display. TIRX_SOURCE_DIR lets a test
# find resources/examples and tests/golden without copying them.
# The warnings apply to every test; the strict Qt string defines are the
# caller's choice (tirx_set_qt_defines), since tests of the Qt-free
# compiler compare against plain string literals.

function(tirx_add_qtest)
  cmake_parse_arguments(ARG "GUI" "NAME" "SOURCES;LIBS" ${ARGN})
  if(NOT ARG_NAME OR NOT ARG_SOURCES)
    message(FATAL_ERROR "tirx_add_qtest: NAME and SOURCES are required")
  endif()

  add_executable(${ARG_NAME} ${ARG_SOURCES})
  set_target_properties(${ARG_NAME} PROPERTIES AUTOMOC ON)
  target_link_libraries(${ARG_NAME} PRIVATE Qt6::Test ${ARG_LIBS})
  target_compile_definitions(${ARG_NAME} PRIVATE
    TIRX_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  tirx_set_warnings(${ARG_NAME})

  add_test(NAME ${ARG_NAME} COMMAND ${ARG_NAME})
  if(ARG_GUI)
    set_tests_properties(${ARG_NAME} PROPERTIES
      ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
  endif()
endfunction()
