// The SMTP sender against a real relay (smtp_sink.py on aiosmtpd): plain when the relay
// offers no STARTTLS, STARTTLS when it does (its certificate checked), and a failure
// that names neither the recipient nor the relay's password.
#include "server/mail/smtp_sender.h"

#include <gtest/gtest.h>

#include "server/mail/mail_message.h"
#include "server/mail/smtp_sink.h"

namespace souk::server::mail {
namespace {

std::string Message() {
  auto text = Compose({"souk@example.org", "bob@example.com", "Hello", ".a line that starts with a dot\nbye\n", "", 0});
  EXPECT_TRUE(text.ok());
  return *text;
}

TEST(SmtpSenderTest, SendsInTheClearWhenTheRelayOffersNoStartTls) {
  testing::SmtpSink sink;
  ASSERT_TRUE(SmtpSender(sink.url(), "souk@example.org").Send("bob@example.com", Message()).ok());
  const auto mails = sink.Messages();
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0].Header("x-sink-tls"), "no");
  EXPECT_EQ(mails[0].Header("x-envelope-to"), "bob@example.com");
  EXPECT_EQ(mails[0].body, ".a line that starts with a dot\r\nbye\r\n") << "dot-stuffed on the wire, and back";
}

TEST(SmtpSenderTest, UsesStartTlsWhenOfferedAndChecksTheRelaysCertificate) {
  testing::SmtpSink sink(/*starttls=*/true);
  Status sent = SmtpSender(sink.url(), "souk@example.org", sink.ca_file()).Send("bob@example.com", Message());
  ASSERT_TRUE(sent.ok()) << sent.message();
  auto mails = sink.Messages();
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0].Header("x-sink-tls"), "yes");
  // A certificate nobody vouches for: nothing sent, and the error says why, not to whom.
  Status refused = SmtpSender("smtp://relay:s3cret@" + sink.url().substr(7), "souk@example.org")
                       .Send("bob@example.com", Message());
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(refused.code(), StatusCode::kUnavailable);
  EXPECT_EQ(refused.message().find("bob@"), std::string::npos) << refused.message();
  EXPECT_EQ(refused.message().find("s3cret"), std::string::npos) << refused.message();
  EXPECT_EQ(sink.Messages().size(), 1u);
}

TEST(SmtpSenderTest, ARelayThatIsNotThereIsAnErrorSoon) {
  Status sent = SmtpSender("smtp://127.0.0.1:1", "souk@example.org").Send("bob@example.com", Message());
  EXPECT_EQ(sent.code(), StatusCode::kUnavailable);
  EXPECT_NE(sent.message().find("smtp://127.0.0.1:1"), std::string::npos) << sent.message();
  EXPECT_EQ(RedactedSmtpUrl("smtp://user:pw@relay.example:587"), "smtp://***@relay.example:587");
  EXPECT_EQ(RedactedSmtpUrl("smtp://relay.example:587"), "smtp://relay.example:587");
}

}  // namespace
}  // namespace souk::server::mail
