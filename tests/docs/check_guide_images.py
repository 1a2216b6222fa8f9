#!/usr/bin/env python3
"""The user guide's pictures and its text stay in sync.

Fails when a Markdown file of the project (README.md, docs/*.md) shows an
image that does not exist, when a file in docs/images/ is shown by no
Markdown file, or when scripts/screenshots.sh and docs/images/ disagree on
which pictures there are (each picture is made by one `shot NAME` line),
or when a picture is not a 1280x800 PNG of at most 400 KB.
No screenshot is taken here.
"""
import argparse
import re
import struct
import sys
from pathlib import Path

# Alt text may hold balanced brackets, as Markdown allows.
IMAGE = re.compile(r"!\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(([^)\s]+)\)|<img\s[^>]*src=\"([^\"]+)\"")
SHOT = re.compile(r"^\s*shot\s+([A-Za-z0-9_-]+)\s", re.MULTILINE)


# The guide promises 1280x800 pictures; they are committed, so they stay small.
SIZE = (1280, 800)
MAX_BYTES = 400_000


def check_picture(picture: Path) -> list:
    data = picture.read_bytes()
    name = f"docs/images/{picture.name}"
    if picture.suffix != ".png" or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return [f"{name} is not a PNG image"]
    problems = []
    size = struct.unpack(">II", data[16:24])
    if size != SIZE:
        problems.append(f"{name} is {size[0]}x{size[1]}, not {SIZE[0]}x{SIZE[1]} (scripts/screenshots.sh)")
    if len(data) > MAX_BYTES:
        problems.append(f"{name} has {len(data)} bytes, more than {MAX_BYTES}: is the picture needed?")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--source-dir", required=True, type=Path)
    root = parser.parse_args().source_dir.resolve()
    images_dir = root / "docs" / "images"
    problems = []

    documents = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    shown = set()
    for doc in documents:
        text = doc.read_text(encoding="utf-8")
        for match in IMAGE.finditer(text):
            target = match.group(1) or match.group(2)
            if re.match(r"^[a-z]+://", target):
                continue
            path = (doc.parent / target).resolve()
            line = text.count("\n", 0, match.start()) + 1
            if not path.is_file():
                problems.append(f"{doc.relative_to(root)}:{line}: image {target} does not exist")
            shown.add(path)

    pictures = sorted(images_dir.glob("*")) if images_dir.is_dir() else []
    if not pictures:
        problems.append("docs/images/ holds no pictures")
    for picture in pictures:
        if picture.resolve() not in shown:
            problems.append(f"docs/images/{picture.name} is shown by no Markdown file (README.md, docs/*.md)")
        problems.extend(check_picture(picture))

    script = root / "scripts" / "screenshots.sh"
    made = {name + ".png" for name in SHOT.findall(script.read_text(encoding="utf-8"))}
    present = {p.name for p in pictures}
    for name in sorted(made - present):
        problems.append(f"scripts/screenshots.sh makes {name}, which is not in docs/images/ (run the script)")
    for name in sorted(present - made):
        problems.append(f"docs/images/{name} is not made by scripts/screenshots.sh")

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"{len(pictures)} pictures, each shown and each made by scripts/screenshots.sh")
    return 0


if __name__ == "__main__":
    sys.exit(main())
