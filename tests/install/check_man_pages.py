"""The manual pages name every command and option that --help lists.

tirx-cli.1 has one `.SS COMMAND` section per command listing each of its
options as a `.TP` item; the options --help groups under "NKI kernels:" are
listed once, in the NKI KERNEL OPTIONS section, which each such command's
section names. Items the page lists that --help no longer has fail too, so
the page cannot keep a removed option. tirx-explorer.1 lists every option
and every --view value.
"""

import argparse
import re
import subprocess
import sys

failures = []


def fail(message):
    failures.append(message)


def run_help(argv):
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        sys.exit("check_man_pages: %s exited with %d: %s" % (" ".join(argv), done.returncode, done.stderr))
    return done.stdout


def plain_roff(text):
    """Roff source without escapes: \\- is -, font changes vanish."""
    text = re.sub(r"\\f[BIRP]", "", text)
    return text.replace("\\-", "-").replace("\\e", "\\")


def help_groups(text):
    """Option names of a CLI11 help, by group header ('Options', 'NKI kernels', ...)."""
    groups = {}
    group = None
    for line in text.splitlines():
        header = re.match(r"^(\S[^:]*):\s*$", line)
        if header:
            group = header.group(1)
            groups.setdefault(group, [])
            continue
        if group is None or group == "Positionals" or group == "Subcommands":
            continue
        names = re.match(r"^\s{2}(-[^\s]+)", line)
        if names:
            for name in names.group(1).split(","):
                if name.startswith("-"):
                    groups[group].append(name)
    return groups


def subcommands(text):
    commands = []
    inside = False
    for line in text.splitlines():
        if re.match(r"^Subcommands:\s*$", line):
            inside = True
            continue
        if inside:
            found = re.match(r"^\s{2}([a-z][a-z0-9-]*)\s", line)
            if found:
                commands.append(found.group(1))
            elif line.strip() and not line.startswith(" "):
                inside = False
    return commands


def sections(page, macro):
    """Text of each `.SS NAME` or `.SH NAME` section, by NAME."""
    found = {}
    name = None
    for line in page.splitlines():
        heading = re.match(r"^\.(SS|SH)\s+(.*)$", line)
        if heading:
            name = heading.group(2).strip().strip('"') if heading.group(1) == macro else None
            if name is not None:
                found[name] = []
            continue
        if name is not None:
            found[name].append(line)
    return {key: "\n".join(lines) for key, lines in found.items()}


def listed_options(section):
    """Options a section lists as .TP items: the first word of the line after .TP."""
    options = set()
    lines = section.splitlines()
    for index, line in enumerate(lines):
        if line.strip() == ".TP" and index + 1 < len(lines):
            words = re.sub(r"^\.\w+\s+", "", lines[index + 1]).replace('"', " ").replace(",", " ").split()
            options.update(word for word in words if word.startswith("-"))
    return options


def check_cli(cli, page_path):
    page = plain_roff(open(page_path, encoding="utf-8").read())
    top = run_help([cli, "--help"])
    commands = subcommands(top)
    if not commands:
        sys.exit("check_man_pages: no commands found in tirx-cli --help")
    global_options = sections(page, "SH").get("GLOBAL OPTIONS", "")
    for option in sum(help_groups(top).values(), []):
        if option not in listed_options(global_options):
            fail("tirx-cli.1: GLOBAL OPTIONS lacks %s" % option)

    per_command = sections(page, "SS")
    nki_section = sections(page, "SH").get("NKI KERNEL OPTIONS", "")
    nki_listed = listed_options(nki_section)
    nki_seen = set()
    for command in commands:
        section = per_command.get(command)
        if section is None:
            fail("tirx-cli.1 has no section for the command %s" % command)
            continue
        groups = help_groups(run_help([cli, command, "--help"]))
        own = set()
        for group, options in groups.items():
            for option in options:
                if option in ("-h", "--help"):
                    continue
                if group == "NKI kernels":
                    nki_seen.add(option)
                    if option not in nki_listed:
                        fail("tirx-cli.1: NKI KERNEL OPTIONS lacks %s (of %s)" % (option, command))
                    if "NKI KERNEL OPTIONS" not in section:
                        fail("tirx-cli.1: the %s section does not point to NKI KERNEL OPTIONS" % command)
                else:
                    own.add(option)
                    if option not in listed_options(section):
                        fail("tirx-cli.1: the %s section lacks its option %s" % (command, option))
        for stale in sorted(listed_options(section) - own):
            fail("tirx-cli.1: the %s section lists %s, which `%s --help` does not" % (command, stale, command))
    for section_name in per_command:
        if section_name not in commands:
            fail("tirx-cli.1 has a section for %s, which is not a command" % section_name)
    for stale in sorted(nki_listed - nki_seen):
        fail("tirx-cli.1: NKI KERNEL OPTIONS lists %s, which no command's --help has" % stale)
    for status in ("0", "1", "2"):
        if not re.search(r"^\.TP\n\.B %s$" % status, sections(page, "SH").get("EXIT STATUS", ""), re.M):
            fail("tirx-cli.1: EXIT STATUS lacks %s" % status)
    return len(commands)


def check_gui(gui, page_path):
    page = plain_roff(open(page_path, encoding="utf-8").read())
    text = run_help([gui, "--help"])
    options_section = sections(page, "SH").get("OPTIONS", "")
    listed = listed_options(options_section)
    options = []
    for line in text.splitlines():
        found = re.match(r"^\s{2}(-[^\s,]+)(?:,\s*(-[^\s]+))?", line)
        if found:
            options.extend(name for name in found.groups() if name)
    if not options:
        sys.exit("check_man_pages: no options found in tirx-explorer --help")
    for option in options:
        if option not in listed:
            fail("tirx-explorer.1: OPTIONS lacks %s" % option)
    for stale in sorted(listed - set(options)):
        fail("tirx-explorer.1: OPTIONS lists %s, which --help does not" % stale)
    # The --view values, as --help lists them (wrapped over lines).
    joined = re.sub(r"\s*\n\s*", "", text)
    views = re.search(r"--view <VIEW>\s*View to show:\s*([a-z|]+)", joined)
    if not views:
        fail("tirx-explorer --help lists no --view values")
    else:
        view_item = options_section.split("--view", 1)[-1].split(".TP", 1)[0]
        for view in views.group(1).split("|"):
            if not re.search(r"^\.B %s$" % re.escape(view), view_item, re.M):
                fail("tirx-explorer.1: --view lacks the view %s" % view)
    return len(options)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--gui", required=True)
    parser.add_argument("--man-dir", required=True)
    args = parser.parse_args()
    commands = check_cli(args.cli, args.man_dir + "/tirx-cli.1")
    options = check_gui(args.gui, args.man_dir + "/tirx-explorer.1")
    for message in failures:
        print("check_man_pages: FAIL: " + message, file=sys.stderr)
    if failures:
        return 1
    print("check_man_pages: %d commands of tirx-cli and %d options of tirx-explorer documented" % (commands, options))
    return 0


if __name__ == "__main__":
    sys.exit(main())
