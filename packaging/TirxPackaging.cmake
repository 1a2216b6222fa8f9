# The Debian package: `cpack -G DEB` in a build tree (or the `package`
# target) turns the install tree of cmake/TirxInstall.cmake into
# tirx-explorer_<version>_<arch>.deb. packaging/README.md says how to build
# and check it.

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "tirx-explorer")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "The TIRx Explorer authors")
set(CPACK_PACKAGE_CONTACT "TIRx Explorer maintainers <maintainers@tirx-explorer.example.org>")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)

set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "workbench for AWS Trainium kernels written in TIRx")
set(CPACK_PACKAGE_DESCRIPTION
  "TIRx Explorer parses a Trainium kernel written in TIRx TVMScript, lowers it
pass by pass and shows what each pass did: the printed module with a diff
against the previous pass, the SBUF and PSUM memory maps with a what-if
allocator, tensor layouts, the IR graph and the NKI kernel it prints. A
simulator runs the lowered kernel against a reference, and a kernel can run
on a Neuron device over SSH. Hand-written NKI kernels are traced onto the
same memory maps.

The package holds the desktop program (tirx-explorer) and its command-line
counterpart (tirx-cli), which answers in text or JSON for scripts and CI.")

set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${TIRX_HOMEPAGE}")
# Depends: computed by dpkg-shlibdeps from the two binaries.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The NKI front end runs kernels with the system Python and NumPy; without
# them the rest of the program works and NKI kernels say what is missing.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, python3-numpy")
# Devices over SSH use the ssh client.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "openssh-client")
# Control files 0644, maintainer scripts 0755, as Debian policy asks.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)
