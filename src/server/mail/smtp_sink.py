#!/usr/bin/python3
# A real SMTP server for the email tests (Debian's python3-aiosmtpd, run by Debian's
# /usr/bin/python3): `smtp_sink.py DIR [--starttls]` listens on a free loopback port,
# writes that port to DIR/port once it accepts connections, and every message it is
# given to DIR/NNNN.eml: the envelope as X-Envelope-From and X-Envelope-To lines, and
# X-Sink-TLS (whether the session had switched to TLS), then the message exactly as
# received. With --starttls it offers STARTTLS and requires it, with a certificate
# for 127.0.0.1 it makes (DIR/cert.pem, the CA a client is to trust). It leaves when
# its parent (the test) does.
import os
import socket
import ssl
import subprocess
import sys
import time

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        name = os.path.join(self.folder, "%04d" % self.count)
        with open(name + ".tmp", "wb") as out:
            out.write(("X-Envelope-From: %s\r\nX-Envelope-To: %s\r\nX-Sink-TLS: %s\r\n" % (
                envelope.mail_from, ",".join(envelope.rcpt_tos), "yes" if session.ssl else "no")).encode())
            out.write(envelope.original_content)
        os.rename(name + ".tmp", name + ".eml")  # whole, or not there
        return "250 OK"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    folder = sys.argv[1]
    parent = os.getppid()
    tls = {}
    if "--starttls" in sys.argv[2:]:
        cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                        "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                       check=True, capture_output=True)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)
        tls = {"tls_context": context, "require_starttls": True}
    controller = Controller(Sink(folder), hostname="127.0.0.1", port=free_port(), **tls)
    controller.start()
    with open(os.path.join(folder, "port.tmp"), "w") as out:
        out.write(str(controller.port))
    os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
    try:
        while os.getppid() == parent:
            time.sleep(0.2)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
