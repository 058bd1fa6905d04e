#!/usr/bin/env python3
"""Real e-mail for tests/pbem.bats, made and read by Python's email package.

    mail.py wrap MODE [OLD] < armour > message
        puts an armoured state in a message the way mailers do; MODE is one of
        qp, qp-narrow, base64, crlf, quoted, quoted-deep, multipart, forward,
        reply (OLD is the quoted older armour)
    mail.py parse < message > json
        what a mail reader sees of a message carc-render --format email wrote
    mail.py part FILENAME < message > bytes
        the attachment FILENAME of a message, decoded
"""

import email
import email.policy
import email.quoprimime
import json
import sys
import xml.etree.ElementTree as ET
from email.message import EmailMessage


def message(body, cte="7bit"):
    m = EmailMessage()
    m["From"] = "Bob <bob@example.org>"
    m["To"] = "Ann <ann@example.org>"
    m["Subject"] = "Re: carc: ann, bob \u2014 my move"
    m.set_content(body, cte=cte)
    return m


def letter(armour, prefix=""):
    """A person's letter around the block, with a signature after it."""
    quoted = "".join(prefix + line + "\n" for line in armour.splitlines())
    return ("Hi Ann,\n\nmy move is in, the board is =3D as you'd expect.\n\n"
            + quoted + "\nYour turn!\n\n-- \nBob, who plays by mail\n")


def wrap(mode, armour, old=None):
    if mode == "qp":
        return message(letter(armour), "quoted-printable").as_bytes()
    if mode == "qp-narrow":
        # soft line breaks inside the base64 lines and the header lines
        m = message("x")
        body = email.quoprimime.body_encode(letter(armour), maxlinelen=30)
        m.set_payload(body)
        del m["Content-Transfer-Encoding"]
        m["Content-Transfer-Encoding"] = "quoted-printable"
        return m.as_bytes()
    if mode == "base64":
        return message(letter(armour), "base64").as_bytes()
    if mode == "crlf":
        return message(letter(armour), "quoted-printable").as_bytes(
            policy=email.policy.SMTP)
    if mode == "quoted":
        return message(letter(armour, "> ")).as_bytes()
    if mode == "quoted-deep":
        # a reply to a reply to a reply, each mailer quoting its own way
        return message(letter(armour, ">> > >"), "quoted-printable").as_bytes()
    if mode == "multipart":
        m = message(letter(armour), "quoted-printable")
        m.add_alternative("<p>See the text part.</p>", subtype="html")
        m.add_attachment(b"\x89PNG\r\n\x1a\n" + bytes(range(256)), maintype="image",
                         subtype="png", filename="board.png")
        return m.as_bytes(policy=email.policy.SMTP)
    if mode == "forward":
        inner = message(letter(armour), "base64")
        m = message("Forwarding Bob's move, see the attached message.\n")
        m.add_attachment(inner)
        return m.as_bytes()
    if mode == "reply":
        # the new state on top, the old one quoted below
        body = letter(armour) + "\nOn Monday, Ann wrote:\n" + "".join(
            "> " + line + "\n" for line in old.splitlines())
        return message(body, "quoted-printable").as_bytes()
    sys.exit("mail.py: unknown mode " + mode)


def parse(raw):
    m = email.message_from_bytes(raw, policy=email.policy.default)
    out = {
        "subject": str(m["Subject"]),
        "from": m["From"] and str(m["From"]),
        "to": m["To"] and str(m["To"]),
        "mime": m["MIME-Version"],
        "date": m["Date"],
        "type": m.get_content_type(),
        "defects": len(m.defects),
        "parts": [],
    }
    for p in m.iter_parts():
        out["defects"] += len(p.defects)
        part = {"type": p.get_content_type(), "filename": p.get_filename(),
                "cte": p["Content-Transfer-Encoding"]}
        if p.get_content_type() == "text/plain":
            out["text"] = p.get_content()
        else:
            data = p.get_content()
            part["size"] = len(data)
            try:
                part["root"] = ET.fromstring(data).tag
            except ET.ParseError as e:
                part["root"] = "not XML: %s" % e
        out["parts"].append(part)
    return out


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "wrap":
        old = open(sys.argv[3]).read() if len(sys.argv) > 3 else None
        sys.stdout.buffer.write(wrap(sys.argv[2], sys.stdin.read(), old))
    elif len(sys.argv) == 3 and sys.argv[1] == "part":
        m = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
        for p in m.iter_attachments():
            if p.get_filename() == sys.argv[2]:
                sys.stdout.buffer.write(p.get_payload(decode=True))
                return
        sys.exit("mail.py: no attachment " + sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] == "parse":
        json.dump(parse(sys.stdin.buffer.read()), sys.stdout, ensure_ascii=False)
        print()
    else:
        sys.exit(__doc__)


main()
