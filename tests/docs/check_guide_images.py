#!/usr/bin/env python3
"""The user guide's pictures and its text stay in sync.

Fails when a Markdown file of the project (README.md, docs/*.md) shows an
image that does not exist, when a file in docs/images/ is shown by no
Markdown file, or when scripts/screenshots.sh and docs/images/ disagree on
which pictures there are (each picture is made by one `shot NAME` line).
No screenshot is taken here.
"""
import argparse
import re
import sys
from pathlib import Path

# Alt text may hold balanced brackets, as Markdown allows.
IMAGE = re.compile(r"!\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(([^)\s]+)\)|<img\s[^>]*src=\"([^\"]+)\"")
SHOT = re.compile(r"^\s*shot\s+([A-Za-z0-9_-]+)\s", re.MULTILINE)


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
