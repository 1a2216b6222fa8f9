# What `cmake --install` lays out under the prefix (the Debian package is
# this tree, see packaging/):
#   bin/tirx-explorer, bin/tirx-cli
#   share/tirx-explorer/{examples,templates,device,nki}   found at run time by
#       compiler/paths (relative to bin/, so a moved prefix still works)
#   share/applications/<id>.desktop, share/metainfo/<id>[.cli].metainfo.xml
#   share/icons/hicolor/{scalable,NxN}/apps/<id>.{svg,png}
#   share/man/man1/tirx-explorer.1.gz, tirx-cli.1.gz
#   share/doc/tirx-explorer/{copyright,changelog.gz,README.md}
# The layout is fixed relative to the prefix; tests/install checks it.

# The desktop id, also the icon's and the metainfo's name. The homepage is
# the project's placeholder until it has a public address.
set(TIRX_APP_ID "org.example.tirx_explorer")
set(TIRX_HOMEPAGE "https://tirx-explorer.example.org/")
set(TIRX_RELEASE_DATE "2026-12-03")
set(TIRX_ICON_SIZES 16 22 24 32 48 64 128 256 512)

set(TIRX_SHARE "share/tirx-explorer")
install(TARGETS tirx-explorer tirx-cli RUNTIME DESTINATION bin)
install(DIRECTORY "${CMAKE_SOURCE_DIR}/resources/examples" "${CMAKE_SOURCE_DIR}/resources/templates"
  "${CMAKE_SOURCE_DIR}/resources/device" DESTINATION "${TIRX_SHARE}"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
  PATTERN "__pycache__" EXCLUDE)
install(DIRECTORY "${CMAKE_SOURCE_DIR}/resources/nki/" DESTINATION "${TIRX_SHARE}/nki"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
  PATTERN "__pycache__" EXCLUDE PATTERN ".gitignore" EXCLUDE)

# Desktop entry and AppStream metadata.
set(desktop_dir "${CMAKE_BINARY_DIR}/desktop")
configure_file("${CMAKE_SOURCE_DIR}/resources/desktop/tirx-explorer.desktop.in"
  "${desktop_dir}/${TIRX_APP_ID}.desktop" @ONLY)
configure_file("${CMAKE_SOURCE_DIR}/resources/desktop/tirx-explorer.metainfo.xml.in"
  "${desktop_dir}/${TIRX_APP_ID}.metainfo.xml" @ONLY)
configure_file("${CMAKE_SOURCE_DIR}/resources/desktop/tirx-cli.metainfo.xml.in"
  "${desktop_dir}/${TIRX_APP_ID}.cli.metainfo.xml" @ONLY)
install(FILES "${desktop_dir}/${TIRX_APP_ID}.desktop" DESTINATION share/applications)
install(FILES "${desktop_dir}/${TIRX_APP_ID}.metainfo.xml" "${desktop_dir}/${TIRX_APP_ID}.cli.metainfo.xml"
  DESTINATION share/metainfo)

# Icons: the SVG as drawn, and PNGs rendered from it at build time by a
# small Qt program (no extra build dependency: Qt Svg is already one).
add_executable(tirx_svg_to_png "${CMAKE_SOURCE_DIR}/packaging/icon/svg_to_png.cpp")
target_link_libraries(tirx_svg_to_png PRIVATE Qt6::Gui Qt6::Svg)
tirx_set_warnings(tirx_svg_to_png)
set(icon_svg "${CMAKE_SOURCE_DIR}/resources/icons/tirx-explorer.svg")
set(icon_pngs)
foreach(size IN LISTS TIRX_ICON_SIZES)
  set(png "${CMAKE_BINARY_DIR}/icons/${size}x${size}/${TIRX_APP_ID}.png")
  add_custom_command(OUTPUT "${png}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_BINARY_DIR}/icons/${size}x${size}"
    COMMAND tirx_svg_to_png "${icon_svg}" ${size} "${png}"
    DEPENDS tirx_svg_to_png "${icon_svg}"
    COMMENT "Rendering the ${size}x${size} icon")
  list(APPEND icon_pngs "${png}")
  install(FILES "${png}" DESTINATION "share/icons/hicolor/${size}x${size}/apps")
endforeach()
install(FILES "${icon_svg}" DESTINATION share/icons/hicolor/scalable/apps RENAME "${TIRX_APP_ID}.svg")

# Manual pages and the Debian changelog, compressed without a timestamp
# (gzip -n) so that the package is reproducible.
set(compressed)
foreach(source IN ITEMS "man/tirx-explorer.1" "man/tirx-cli.1" "packaging/changelog")
  get_filename_component(name "${source}" NAME)
  set(output "${CMAKE_BINARY_DIR}/compressed/${name}.gz")
  add_custom_command(OUTPUT "${output}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_BINARY_DIR}/compressed"
    COMMAND gzip -9 -n -c "${CMAKE_SOURCE_DIR}/${source}" > "${output}"
    DEPENDS "${CMAKE_SOURCE_DIR}/${source}"
    COMMENT "Compressing ${name}"
    VERBATIM)
  list(APPEND compressed "${output}")
endforeach()
install(FILES "${CMAKE_BINARY_DIR}/compressed/tirx-explorer.1.gz" "${CMAKE_BINARY_DIR}/compressed/tirx-cli.1.gz"
  DESTINATION share/man/man1)
# The README holds the command line's JSON shapes, which the manual pages cite.
install(FILES "${CMAKE_SOURCE_DIR}/packaging/copyright" "${CMAKE_BINARY_DIR}/compressed/changelog.gz"
  "${CMAKE_SOURCE_DIR}/README.md" DESTINATION share/doc/tirx-explorer)

# Part of `all`, so that an install after a plain build has every file.
add_custom_target(tirx_install_files ALL DEPENDS ${icon_pngs} ${compressed})
