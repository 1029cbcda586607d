// An email's text: its headers, a value that would add a header refused, a subject
// out of ASCII encoded, and the addresses accepted.
#include "server/mail/mail_message.h"

#include <gtest/gtest.h>

namespace souk::server::mail {
namespace {

MailMessage Turn() {
  return {"souk@example.org", "bob@example.com", "Your turn in Jaipur against Ann", "Line one\nLine two\n",
          "https://souk.example/api/email/unsubscribe?account=2&kind=your_turn&sig=ab", 1'796'000'000'000};
}

TEST(MailMessageTest, HasEveryHeaderAndCrlfLineEnds) {
  auto text = Compose(Turn());
  ASSERT_TRUE(text.ok()) << text.message();
  for (const char* header : {"From: Souk <souk@example.org>\r\n", "To: <bob@example.com>\r\n",
                             "Subject: Your turn in Jaipur against Ann\r\n", "MIME-Version: 1.0\r\n",
                             "Content-Type: text/plain; charset=utf-8\r\n",
                             "List-Unsubscribe: <https://souk.example/api/email/unsubscribe?account=2&kind=your_turn&sig=ab>\r\n",
                             "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n", "Date: ", "Message-ID: <"})
    EXPECT_NE(text->find(header), std::string::npos) << header;
  EXPECT_NE(text->find("\r\n\r\nLine one\r\nLine two\r\n"), std::string::npos) << *text;
  EXPECT_EQ(MailDate(0), "Thu, 01 Jan 1970 00:00:00 +0000");
}

TEST(MailMessageTest, ALineBreakInAnyHeaderValueIsRefused) {
  for (int field = 0; field < 4; ++field) {
    MailMessage m = Turn();
    std::string* value[] = {&m.from, &m.to, &m.subject, &m.unsubscribe_url};
    *value[field] += "\r\nBcc: eve@example.net";
    EXPECT_FALSE(Compose(m).ok()) << field;
    *value[field] = Turn().subject + "\nX: y";
    EXPECT_FALSE(Compose(m).ok()) << field;
  }
}

TEST(MailMessageTest, ASubjectOutOfAsciiIsEncodedWordsOfWholeCharacters) {
  MailMessage m = Turn();
  m.subject = "À toi de jouer à Marrakech contre Zoé et Jérôme, Ève, Ångström";
  auto text = Compose(m);
  ASSERT_TRUE(text.ok());
  const size_t start = text->find("Subject: ") + 9, end = text->find("\r\nDate:");
  const std::string subject = text->substr(start, end - start);
  EXPECT_EQ(subject.rfind("=?UTF-8?B?", 0), 0u) << subject;
  for (unsigned char c : subject) EXPECT_LT(c, 0x80);
  EXPECT_NE(subject.find("\r\n "), std::string::npos) << "folded";
}

TEST(MailMessageTest, AddressesOfTheUsualFormOnly) {
  for (const char* good : {"bob@example.com", "bob.lee+souk@mail.example.co.uk", "B_o-b@Example.COM"})
    EXPECT_TRUE(ValidAddress(good).ok()) << good;
  for (const char* bad : {"", "bob", "@example.com", "bob@", "bob@localhost", "bob@.example.com", "bob@example..com",
                          "bob@-example.com", "bo b@example.com", "\"bob\"@example.com", "bob@exam_ple.com",
                          ".bob@example.com", "bob..lee@example.com", "bob@example.com\r\n", "b(o)b@example.com"}) {
    const Status s = ValidAddress(bad);
    EXPECT_EQ(s.error_code(), ErrorCode::kBadEmail) << bad;
  }
  EXPECT_FALSE(ValidAddress(std::string(65, 'a') + "@example.com").ok());
  EXPECT_EQ(NormalAddress("Bob.Lee@Example.COM"), "Bob.Lee@example.com");
}

}  // namespace
}  // namespace souk::server::mail
