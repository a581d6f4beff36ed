import { RETENTION_NOTICE } from '@salon/contracts/rules/retention'

type PrivacyNoticeShop = {
  name: string
  address: { line1: string; line2: string; town: string; postcode: string }
  email: string
  phone: string
}

export function PrivacyNotice({ shop }: { shop: PrivacyNoticeShop }) {
  const addressParts = [shop.address.line1, shop.address.line2, shop.address.town, shop.address.postcode].filter((part) => part.trim() !== '')
  const address = addressParts.join(', ')
  const telHref = `tel:${shop.phone.replace(/[^0-9+]/g, '')}`
  const mailHref = `mailto:${shop.email}`

  return (
    <div className="prose">
      <p>
        This notice explains how {shop.name} collects, uses and protects your personal information when you use our website, create an account, book sunbed
        sessions, buy minute packages or visit our salon. It also explains your rights under UK data protection law, including the UK General Data Protection
        Regulation (UK GDPR), the Data Protection Act 2018 and the Privacy and Electronic Communications Regulations (PECR).
      </p>

      <h2>Who we are and how to contact us</h2>
      <p>
        {shop.name} is the data controller for the personal information described in this notice. This means we decide how and why it is used, and we are
        responsible for looking after it.
      </p>
      <ul>
        <li>Address: {address}</li>
        <li>
          Email: <a href={mailHref}>{shop.email}</a>
        </li>
        <li>
          Phone: <a href={telHref}>{shop.phone}</a>
        </li>
      </ul>
      <p>If you have any questions about this notice or how we handle your information, please get in touch using any of the details above.</p>

      <h2>What information we collect</h2>

      <h3>Your account</h3>
      <p>
        When you create an account we collect your mobile number (which you sign in with, with your password), your name, email address, date of birth and
        Fitzpatrick skin type. We use your date of birth to confirm that you are 18 or over, and your skin type to recommend safe session lengths and suitable
        beds.
      </p>
      <p>
        If you choose to tell our team about a medication or health condition that affects how your skin reacts to UV, we only make a note of it with your
        explicit consent, and only so that we can keep you safe.
      </p>

      <h3>Health questions and skin reactions</h3>
      <p>
        Before your first session, and once a year or whenever the questions change, we ask you health questions that the safety standard for tanning equipment
        lists (for example whether you burn easily, have many moles, or take medicine that makes your skin sensitive to light). We keep each answer with the
        time you gave it and the version of the questions. If you answer yes to any, we cannot book you online until a member of our team has spoken with you;
        we record who did and why. If you tell us about redness, itching or soreness after a session, we keep that report, pause new bookings for a few days and
        keep your next session short. We also count your sessions in the last 12 months, as we limit how many anyone can have in a year.
      </p>

      <h3>Bookings and session history</h3>
      <p>
        We keep a record of the sessions you book, change, cancel and attend, including the bed, date, time and length of each session, the minutes used from
        your packages, and the fact that we checked your age (and, when we checked your photo ID in the salon, the kind of document, when and who checked it).
      </p>
      <p>
        Our team may keep short notes with your record to serve you well, such as a preferred sunbed or what you asked at the desk, each with who wrote it and
        when. They are in the copy of your information you can ask for, and are deleted with your details if your account is deleted or erased.
      </p>

      <h3>Payments</h3>
      <p>
        When you buy a package or pay for a session online, card payments are taken by our card payment provider, Stripe, once the salon has set this up. You
        type your card details into Stripe{'’'}s own secure form, so we never see or store your full card number. We keep a record of the payment: the amount,
        what you bought (and any promo code you used), the date, whether it went through, the last four digits of the card and the payment provider
        {'’'}s reference for the payment. We send your receipt by email (or by text message if we have no email address for you).
      </p>
      <p>
        When you pay at the salon{'’'}s counter (in cash or on the card terminal), we record the same: what you bought, the amount, how you paid, the date and
        the member of staff who served you, on your record if you are a customer. If we have your email address we email you the receipt; otherwise the salon
        prints one for you.
      </p>
      <p>
        Until card payments are set up, the website runs in test mode: it says so on the payment page, it only accepts published test card numbers, and no real
        card is taken or charged.
      </p>

      <h3>Memberships</h3>
      <p>
        If you join a monthly membership, we keep which plan you joined and its terms, when it started, each month{'’'}s dates, whether it is running, paused,
        behind with a payment or cancelled, what it paid for, and every monthly payment with whether it went through and the last four digits of the card. Your
        card is kept by our card payment provider, not by us, so that it can take each month{'’'}s payment; we keep only the provider{'’'}s reference for it. If
        a payment does not go through, we text you (never between 9pm and 8am). Once your membership ends, the card is not charged again.
      </p>

      <h3>Gift vouchers</h3>
      <p>
        If you buy a gift voucher, we keep what you bought and paid as for any purchase, the name you signed it with, your message, and the name, mobile number
        or email address of the person you sent it to and the day to send it. We use their details only to send them the voucher, once, on that day. The voucher
        {'’'}s code goes to them: once it has gone we keep only a one-way fingerprint of it and its last four characters, to recognise it when it is used. A
        voucher redeemed into an account becomes credit on it, with the day it must be used by.
      </p>
      <p>
        If someone sent you a voucher, we had your name and your mobile number or email address from them, to send it to you. You can ask us to delete them (see
        Your rights).
      </p>

      <h3>Waitlist</h3>
      <p>
        If you ask us to tell you when a time frees up on a full day, we keep the day, the times and the length you asked for. When a time frees up we text you
        a link that works only for you and hold the time for you for 15 minutes; we keep the offer and whether you booked it. An entry stops being used at the
        end of its day, and you can leave the list at any time.
      </p>

      <h3>Refer a friend</h3>
      <p>
        If you sign up with a friend{'’'}s referral link, we record whose code you used so that we can give you both the reward after your first package. Your
        friend sees your first name and the initial of your last name, the date you joined and whether the reward has been given; they do not see anything else
        about you, such as your contact details, bookings or purchases.
      </p>
      <p>
        The reward is given once for each mobile number. When it is given, we keep a one-way code made from your mobile number. The code does not contain your
        number and is not linked to your name, your account or anything else about you; it only lets us tell whether a number used later to claim the reward is
        the same one. We keep it even if you close your account, so that the reward cannot be claimed again by closing an account and signing up afresh
        (legitimate interests: preventing fraud).
      </p>

      <h3>Marketing preferences</h3>
      <p>
        If you agree to hear about offers and news, we record your choice, the wording you agreed to and the date and time you gave your consent. If you later
        withdraw it, we record when you did so.
      </p>

      <h3>Contact-form messages and offer pop-up</h3>
      <p>
        When you send us a message through our contact form, we collect your name, the email address or phone number you give us, your message and the time you
        agreed to us using these details to reply. If you leave your details in the offer pop-up on our website, we collect your first name, your email address
        or mobile number, and a record of your marketing consent.
      </p>

      <h3>Website analytics</h3>
      <p>
        Only if you accept analytics cookies, we collect information about how you use our website, such as the pages you visit, how you arrived, your
        approximate location (town or region), and your device and browser type. We use this to understand which pages are helpful and to improve the website.
        We do not use it to identify you.
      </p>

      <h3>Technical logs</h3>
      <p>
        Like most websites, our servers automatically record technical information such as your IP address, the date and time of requests, the pages requested
        and error messages. We use this to keep the website secure, prevent misuse (for example, too many sign-in attempts) and fix problems.
      </p>

      <h2>Why we use your information and our lawful basis</h2>
      <p>UK data protection law requires us to have a lawful basis for each way we use your information.</p>
      <ul>
        <li>
          <strong>To provide your account, bookings, packages and reminders (contract).</strong> We need your details to create your account, take and manage
          bookings, track your package minutes, and send you sign-in codes, booking confirmations and appointment reminders by text message or email. These
          service messages are not marketing.
        </li>
        <li>
          <strong>Which messages about your bookings we send, and how to stop them.</strong> A confirmation when you book (or when your card payment for a
          session goes through); a reminder 24 hours before your session (none if you book inside that time, and none for a session you have cancelled or we
          have moved); a message when a session is cancelled, saying where your minutes or money went; a message when a card refund has been made; and a message
          seven days before unused minutes run out. Reminders and expiry notices are never sent between 9pm and 8am. We send them by text message and, if you
          gave us one, by email. To stop the text messages, untick {'“'}Text me about my bookings{'”'} on your account page, or text STOP to our number (START
          turns them back on); emails about your bookings still come. We keep a record of each message we sent and whether it was delivered.
        </li>
        <li>
          <strong>To verify your age (legal obligation).</strong> The Sunbeds (Regulation) Act 2010 makes it an offence for a sunbed business to allow anyone
          under 18 to use a sunbed. We collect your date of birth, check photo ID in the salon and keep a record that we did so: the kind of document (passport,
          driving licence, PASS card or other photo ID), when and who checked it, never its number or a copy.
        </li>
        <li>
          <strong>To keep you safe during sessions (contract and legitimate interests).</strong> We use your skin type and session history to recommend suitable
          beds and session lengths and to make sure sessions are spaced safely. Where you share health information, we rely on your explicit consent, which you
          can withdraw at any time.
        </li>
        <li>
          <strong>
            To check that a sunbed is safe for you (explicit consent, and legal obligation where the law of our nation requires health information).
          </strong>{' '}
          Your answers to the health questions and any skin reaction you report are health information. We ask for them, and use them, only to decide whether
          and how long you can safely use a sunbed, and you give them with your explicit consent. You can ask us to delete them at any time, but without current
          answers we cannot book you a session.
        </li>
        <li>
          <strong>To take payments and keep accounts (contract and legal obligation).</strong> We process payments to provide what you buy, and we must keep
          financial records for tax purposes.
        </li>
        <li>
          <strong>To run memberships, gift vouchers and the waitlist (contract).</strong> We take a membership{'’'}s monthly payments from the card you gave for
          it, send a voucher you bought to the person you chose, and tell you when a time you are waiting for frees up.
        </li>
        <li>
          <strong>To deliver a gift voucher to its recipient (legitimate interests).</strong> We use the recipient{'’'}s name and mobile number or email
          address, given by the buyer, only to send them the voucher.
        </li>
        <li>
          <strong>To run refer-a-friend rewards (contract).</strong> When you sign up with a friend{'’'}s link, we link your account to theirs so that we can
          give you both the reward, and show them your first name and initial and whether the reward has been given.
        </li>
        <li>
          <strong>To send you offers and news (consent).</strong> We only send marketing texts or emails if you have opted in, and every message explains how to
          unsubscribe. We keep a record of your consent because the law requires us to be able to show it.
        </li>
        <li>
          <strong>To answer your enquiries (legitimate interests).</strong> We use contact-form messages to reply to you and help with your question.
        </li>
        <li>
          <strong>To understand how our website is used (consent).</strong> Analytics cookies are only set if you accept them.
        </li>
        <li>
          <strong>To keep our systems secure and handle disputes (legitimate interests).</strong> We use technical logs to protect our website and customers
          from fraud and misuse, and we may use records to establish or defend legal claims.
        </li>
      </ul>
      <p>
        Where we rely on legitimate interests, we have weighed our interests against your rights and expectations. You can ask us for more detail about this
        balancing test at any time.
      </p>

      <h2>How long we keep your information</h2>
      <p>We keep personal information only for as long as we need it for the purposes described above.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Information</th>
            <th scope="col">How long we keep it</th>
          </tr>
        </thead>
        <tbody>
          {/* The periods come from the rules the retention jobs keep (packages/contracts/src/rules/retention.ts, docs/product.md §4.16). */}
          {RETENTION_NOTICE.map((row) => (
            <tr key={row.data}>
              <td>{row.data}</td>
              <td>{row.period}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Who we share your information with</h2>
      <p>
        We never sell your personal information. We use a small number of trusted service providers who process it on our behalf, under written contracts that
        require them to keep it secure and to use it only on our instructions:
      </p>
      <ul>
        <li>
          <strong>SMS provider:</strong> sends the codes that confirm your number or reset your password, booking confirmations and appointment reminders,
          receipts if we have no email address for you, waitlist offers, gift vouchers sent by text, notices of membership payments that did not go through, and
          marketing texts if you have opted in.
        </li>
        <li>
          <strong>Card payment provider (Stripe):</strong> takes card payments securely, once the salon has set card payments up, and keeps a member{'’'}s card
          for their monthly payments; your card details go to Stripe, not to us. Stripe also acts as a separate controller for some purposes, such as preventing
          fraud and meeting its own legal obligations, as explained in its own privacy policy.
        </li>
        <li>
          <strong>Email provider:</strong> sends booking confirmations, payment receipts, replies to your messages and, if you have opted in, marketing emails.
        </li>
        <li>
          <strong>Analytics provider (Google Analytics):</strong> only if you accept analytics cookies.
        </li>
        <li>
          <strong>Hosting provider:</strong> stores our website and database on secure servers.
        </li>
      </ul>
      <p>
        We may also share information where the law requires it, for example with HMRC, the police or our local council if they make a lawful request, or with
        our professional advisers and insurers where needed to handle a claim.
      </p>

      <h2>International transfers</h2>
      <p>
        Some of our service providers, such as our card payment provider and analytics provider, may process information outside the UK, including in the
        European Economic Area and the United States. When this happens, we make sure it is protected by an appropriate safeguard: either the country is covered
        by UK adequacy regulations (including the UK Extension to the EU-US Data Privacy Framework for certified companies), or we use the International Data
        Transfer Agreement or the UK Addendum to the EU standard contractual clauses approved for use in the UK. You can contact us for more information about
        these safeguards.
      </p>

      <h2>Cookies</h2>
      <p>We use two kinds of cookies on our website:</p>
      <ul>
        <li>
          <strong>Strictly necessary cookies</strong> keep you signed in to your account, protect your session and remember your cookie choice. The website
          cannot work properly without them, so they do not need your consent.
        </li>
        <li>
          <strong>Analytics cookies</strong> (set by Google Analytics) help us understand how visitors use the website. We only set them if you click to accept
          them, and the website works fully if you decline.
        </li>
      </ul>
      <p>
        You can change your choice at any time from the cookie settings link at the bottom of our website, or by deleting cookies in your browser settings.
        Withdrawing consent stops new analytics data being collected.
      </p>

      <h2>How we protect your information</h2>
      <p>
        We use encrypted connections (HTTPS), limit access to personal information to the staff who need it, keep your password only as a one-way code made from
        it (never the password itself), and protect our systems against misuse. If a data breach ever puts your rights at risk, we will tell you and the
        Information Commissioner
        {'’'}s Office where the law requires it.
      </p>

      <h2>Your rights</h2>
      <p>Under UK GDPR you have the right to:</p>
      <ul>
        <li>
          <strong>Access</strong> your personal information and receive a copy of it.
        </li>
        <li>
          <strong>Rectification:</strong> ask us to correct information that is wrong or incomplete. You can change your name, email, date of birth and skin
          type in your account; our staff can correct them, and your mobile number, at the salon. Only you change your marketing choices.
        </li>
        <li>
          <strong>Erasure:</strong> ask us to delete your information where we no longer need it or have no legal reason to keep it.
        </li>
        <li>
          <strong>Restriction:</strong> ask us to limit how we use your information, for example while we check it is accurate.
        </li>
        <li>
          <strong>Data portability:</strong> receive the information you gave us in a structured, commonly used, machine-readable format, or ask us to send it
          to another organisation.
        </li>
        <li>
          <strong>Object</strong> to our use of your information where we rely on legitimate interests, and object at any time to direct marketing.
        </li>
        <li>
          <strong>Withdraw consent</strong> at any time where we rely on it, for example by unsubscribing from marketing or changing your cookie choice. This
          does not affect anything we did before you withdrew it.
        </li>
        <li>
          <strong>Not be subject to decisions based solely on automated processing</strong> that have legal or similarly significant effects on you. We do not
          make decisions like this. Our booking system does automatically stop bookings by anyone whose date of birth shows they are under 18, and bookings too
          close to a previous session, as the law and our safety policy require. If you think this has been applied to you in error, contact us and a member of
          our team will review it.
        </li>
      </ul>

      <h3>How to exercise your rights</h3>
      <p>
        To make a request, email us at <a href={mailHref}>{shop.email}</a>, call us on <a href={telHref}>{shop.phone}</a>, write to us at {address}, or speak to
        our team in the salon. There is normally no charge. We may need to confirm your identity before we act on your request. We will answer within one month;
        if your request is complex we may extend this by up to two further months, and we will tell you why within the first month.
      </p>

      <h3>Your right to complain</h3>
      <p>
        If you are unhappy with how we have handled your information, please contact us first so that we can try to put things right. You also have the right to
        complain to the Information Commissioner{'’'}s Office (ICO), the UK regulator for data protection:
      </p>
      <ul>
        <li>
          Website: <a href="https://ico.org.uk">ico.org.uk</a>
        </li>
        <li>
          Phone: <a href="tel:03031231113">0303 123 1113</a>
        </li>
        <li>Post: Information Commissioner{'’'}s Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF</li>
      </ul>

      <h2>Children</h2>
      <p>
        By law, nobody under 18 may use a sunbed, so our services and website accounts are only for adults. We do not knowingly collect information from anyone
        under 18. If we find that someone under 18 has created an account, we will close it and delete their information, apart from any record we must keep to
        show we complied with the law.
      </p>

      <h2>Changes to this notice</h2>
      <p>
        We may update this notice from time to time, for example when we offer something new, change a service provider or the law changes. The latest version
        is always on this page, with the date it last changed below.
      </p>

      <p>
        <em>Last updated 29 November 2026</em>
      </p>
    </div>
  )
}
