import { Anchor, List, Paper, Table, Text, Title } from '@mantine/core';
import { SCAN_IMAGE_NOTICE } from '@stem/contract/retention';
import { DocumentLink, EmailLink, OpenLegalLinksInNewTab } from './legal-links';
import { LegalSection } from './legal-section';

const PRIVACY_EMAIL = 'privacy@stemathome.app';

const retentionPeriods: readonly { data: string; period: string }[] = [
  {
    data: 'Account data (name, e-mail address, role, school and class membership)',
    period: 'While the account is active, plus 24 months after it is closed',
  },
  {
    data: 'Uploaded images of student work (photos and files)',
    period: 'Deleted immediately after text extraction',
  },
  { data: SCAN_IMAGE_NOTICE.tableData, period: SCAN_IMAGE_NOTICE.tablePeriod },
  { data: 'Extracted text of student answers', period: '24 months' },
  { data: 'Scores and feedback', period: '36 months' },
  { data: 'Activity logs (sign-ins and key actions in the app)', period: '12 months' },
  { data: 'Communication records (support requests and our replies)', period: '24 months' },
  { data: 'Payment records', period: '7 years, to meet tax and accounting law' },
  {
    data: 'Application logs (technical records used for security and fault finding)',
    period: '90 days',
  },
  { data: 'Analytics (statistics about how the service is used)', period: '36 months' },
  {
    data: 'Requests to delete personal data',
    period: 'Honoured within 30 days of a verified request',
  },
];

interface PrivacyPolicyContentProps {
  /** Inside another page (the registration modal): links to the licence open in a new tab. */
  openLinksInNewTab?: boolean;
}

/** The body of the privacy notice, shown on /privacy-policy and in the registration modal. */
export function PrivacyPolicyContent({ openLinksInNewTab = false }: PrivacyPolicyContentProps) {
  return (
    <OpenLegalLinksInNewTab.Provider value={openLinksInNewTab}>
      <Text>
        This notice explains how STEM@Home collects, uses, shares and protects personal data when
        you use our service, whether in a web browser or in our iOS and Android apps. It is written
        for everyone who uses STEM@Home: students, parents and carers, teachers, school
        administrators and the people who look after data protection in schools. If you are a
        student, there is a short summary for you in section 5, and a teacher, parent or carer can
        help you with the rest.
      </Text>

      <LegalSection id="privacy-who-we-are" title="1. Who we are">
        <Text>
          STEM@Home is provided by STEM@Home Ltd, a company registered in England and Wales
          (&lsquo;we&rsquo;, &lsquo;us&rsquo; and &lsquo;our&rsquo; in this notice). Where we decide
          why and how personal data is used, we are the controller of that data under the UK General
          Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </Text>
        <Text>
          When a school uses STEM@Home for its pupils and staff, the school is the controller of
          that data and we act as its processor, following the school&rsquo;s instructions. Section
          5 explains how this works. You can contact us about anything in this notice at{' '}
          <EmailLink address={PRIVACY_EMAIL} />.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-data-we-collect" title="2. The data we collect">
        <Text>
          We collect only what we need to run the service. Depending on how you use STEM@Home, this
          includes the following.
        </Text>
        <Title order={3}>Account data</Title>
        <Text>
          Your name, e-mail address and role (student, teacher or school administrator); the school
          and classes you belong to; and your password, which we store only as a secure one-way
          hash, so nobody at STEM@Home can read it. For trial accounts we also record when the trial
          started and when it ends.
        </Text>
        <Title order={3}>School data</Title>
        <Text>
          The school&rsquo;s name, its school code, its logo if one is uploaded, its plan and
          subscription status, and counts of the teachers, students, classes and questions on the
          account, which we use to apply trial and plan limits.
        </Text>
        <Title order={3}>Student work</Title>
        <List spacing="xs">
          <List.Item>Questions and mark schemes (rubrics) written by teachers.</List.Item>
          <List.Item>Answers typed by students.</List.Item>
          <List.Item>
            Photos and files of handwritten work uploaded by students or teachers. These are deleted
            immediately after the text has been extracted from them (see section 7).
          </List.Item>
          <List.Item>{SCAN_IMAGE_NOTICE.studentWork}</List.Item>
          <List.Item>The text extracted from those images.</List.Item>
          <List.Item>
            Scores, written feedback and suggestions for improvement, and a flag that alerts the
            teacher if an answer appears to contain inappropriate content.
          </List.Item>
          <List.Item>The date and time of each submission and who marked it.</List.Item>
        </List>
        <Text>
          We do not ask for special category data, such as information about health, ethnicity or
          religious beliefs. A student&rsquo;s answer could occasionally reveal such information, so
          we ask teachers to set questions that do not invite it.
        </Text>
        <Title order={3}>Usage data</Title>
        <Text>
          Records of sign-ins and of key actions such as creating a class or submitting work;
          technical information recorded in our application logs, such as IP address, browser or
          device type, app version, error reports and times; and statistics about how the service is
          used.
        </Text>
        <Title order={3}>Payment data</Title>
        <Text>
          Payments are handled by Stripe. We receive the billing e-mail address, the plan chosen,
          amounts, billing dates, subscription status and Stripe&rsquo;s reference numbers for the
          customer and subscription. We never see or store your full card number or security code.
        </Text>
        <Title order={3}>Communications</Title>
        <Text>Messages you send us, such as support requests, and our replies.</Text>
        <Text>
          Most of this data comes from you. Some comes from your school (for example, when a teacher
          or administrator creates your account or adds you to a class), some from Stripe
          (confirmation that a payment has been made) and some is produced by the service itself,
          such as scores, feedback and logs.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-how-we-use-data" title="3. How we use your data">
        <Text>We use personal data to:</Text>
        <List spacing="xs">
          <List.Item>
            create and manage accounts, sign you in (with a password or a one-time sign-in link sent
            by e-mail) and let you reset your password;
          </List.Item>
          <List.Item>
            let teachers write questions, organise classes and receive their students&rsquo; work;
          </List.Item>
          <List.Item>
            read the text in images of handwritten work, correct errors made while reading it, and
            mark each answer against the teacher&rsquo;s rubric to give a score and feedback;
          </List.Item>
          <List.Item>run free trials and apply the limits of each plan;</List.Item>
          <List.Item>take payments and manage subscriptions;</List.Item>
          <List.Item>
            send service e-mails, such as sign-in links, password resets, account details, receipts
            and notice of important changes;
          </List.Item>
          <List.Item>
            keep the service secure, prevent misuse (including attempts to manipulate the automatic
            marking) and investigate faults;
          </List.Item>
          <List.Item>
            understand, using statistics, how the service is used so that we can improve it; and
          </List.Item>
          <List.Item>meet our legal obligations, for example for tax and accounting.</List.Item>
        </List>
        <Text>
          We do not sell personal data, we do not use it for advertising, and we do not build
          profiles of students for any purpose other than showing students and their teachers their
          own work and results.
        </Text>
        <Text>
          Marks and feedback are produced automatically but are there to assist teachers, who can
          review and change them. We do not make decisions based solely on automated processing that
          have legal or similarly significant effects on anyone. For families using the Personal
          Learning Plan, marks and feedback are practice guidance only.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-lawful-bases" title="4. Our lawful bases under UK GDPR">
        <Text>
          Where we are the controller, we rely on the following lawful bases in Article 6 of the UK
          GDPR.
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>Contract:</strong> to provide the service to account holders and paying
            customers, including the service e-mails that go with it.
          </List.Item>
          <List.Item>
            <strong>Legitimate interests:</strong> to keep the service secure, prevent misuse and
            fraud, find and fix faults, improve the service using usage statistics, and deal with
            enquiries. We have weighed these interests against your rights and freedoms, taking
            particular care where the data is about children.
          </List.Item>
          <List.Item>
            <strong>Legal obligation:</strong> to keep payment records for tax and accounting
            purposes and to respond to lawful requests from public authorities.
          </List.Item>
          <List.Item>
            <strong>Consent:</strong> where we ask for it, for example for optional e-mails. You can
            withdraw consent at any time.
          </List.Item>
        </List>
        <Text>
          Where a school is the controller, the school decides which lawful basis applies to its
          pupils&rsquo; and staff&rsquo;s data. State-funded schools usually rely on public task;
          independent schools often rely on legitimate interests. We process that data only on the
          school&rsquo;s instructions.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-children" title="5. Children's data and schools">
        <Text>
          Many of the people who use STEM@Home are children, and we treat their data with particular
          care.
        </Text>
        <Text>
          <strong>School accounts.</strong> When a school, college or teacher sets up STEM@Home for
          pupils, the school acts as the controller of the pupils&rsquo; data and we act as its
          processor. We process that data only on the school&rsquo;s documented instructions and
          under the processor terms in section 8 of our{' '}
          <DocumentLink to="/eula">End User Licence Agreement</DocumentLink>. Questions and requests
          about a pupil&rsquo;s data should normally go to the school. If we receive one directly,
          we will pass it to the school and help it to respond.
        </Text>
        <Text>
          <strong>Individual and family accounts.</strong> When a parent or carer buys a Personal
          Learning Plan for their child, we are the controller for that account. A child under 13
          must have a parent or carer set up the account for them.
        </Text>
        <Text>
          In every case we collect the minimum we need, show no advertising, never sell data, create
          no public profiles, and show students only their own classes and work. We have regard to
          the Information Commissioner&rsquo;s Age Appropriate Design Code (the Children&rsquo;s
          code) in how we design the service.
        </Text>
        <Paper withBorder p="md" radius="md">
          <Title order={3} mb="xs">
            A short summary for students
          </Title>
          <List spacing="xs">
            <List.Item>
              We use your name, e-mail address and school so that you can sign in and see your
              classes.
            </List.Item>
            <List.Item>
              When you send a photo of your work, a computer reads the words and the photo is then
              deleted straight away.
            </List.Item>
            <List.Item>{SCAN_IMAGE_NOTICE.studentSummary}</List.Item>
            <List.Item>
              A computer marks your answers to help your teacher. Your teacher can check your mark
              and change it.
            </List.Item>
            <List.Item>We never sell your information or use it to show you adverts.</List.Item>
            <List.Item>
              If you are worried about your information, talk to your teacher or a parent or carer,
              or e-mail us at <EmailLink address={PRIVACY_EMAIL} />.
            </List.Item>
          </List>
        </Paper>
      </LegalSection>

      <LegalSection id="privacy-processors" title="6. Processors and international transfers">
        <Text>
          We share personal data only with service providers who help us run STEM@Home. They act as
          our processors under written contracts that require them to use the data only on our
          instructions and to keep it secure. They are:
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>a cloud provider based in the United States</strong>, which hosts and stores the
            service and its data and provides the computing on which the service runs, including
            reading text from images;
          </List.Item>
          <List.Item>
            <strong>Stripe</strong>, our payment processor, which takes payments and manages
            subscriptions. Stripe also uses some payment data as an independent controller, for
            example to prevent fraud and to meet its own legal obligations; its privacy policy
            explains how;
          </List.Item>
          <List.Item>
            <strong>an e-mail delivery provider</strong>, which sends sign-in links, password
            resets, receipts and account notices; and
          </List.Item>
          <List.Item>
            <strong>an AI text service</strong>, which tidies the text extracted from images and
            produces marks and feedback. We send it the text of the answer together with the
            question and rubric, but not students&rsquo; names or contact details, and its terms do
            not allow it to use that content to train its models.
          </List.Item>
        </List>
        <Text>
          Within a school account, teachers and administrators of that school can see their
          school&rsquo;s data as their role allows. Otherwise we disclose personal data only where
          the law requires it, or, under a duty of confidentiality, to a buyer of our business.
        </Text>
        <Text>
          Personal data is stored in the United Kingdom and the United States. Where it is
          transferred to the United States, we protect it with a safeguard recognised by UK law: the
          UK Extension to the EU-US Data Privacy Framework (the &lsquo;UK-US data bridge&rsquo;)
          where the provider is certified under it, or otherwise the UK International Data Transfer
          Agreement (IDTA) or the International Data Transfer Addendum to the EU standard
          contractual clauses, supported by a transfer risk assessment. You can ask us for details
          of these safeguards at <EmailLink address={PRIVACY_EMAIL} />.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-retention" title="7. How long we keep data">
        <Text>
          We keep personal data only for as long as we need it. Uploaded images are processed in
          memory to extract their text and are deleted immediately afterwards; they are never saved
          to our database or file storage.
        </Text>
        <Text>{SCAN_IMAGE_NOTICE.retention}</Text>
        <Table withTableBorder withColumnBorders striped verticalSpacing="sm">
          <Table.Caption>Retention periods for each kind of data</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Data</Table.Th>
              <Table.Th scope="col">How long we keep it</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {retentionPeriods.map((row) => (
              <Table.Tr key={row.data}>
                <Table.Td>{row.data}</Table.Td>
                <Table.Td>{row.period}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text>
          At the end of each period we delete the data or anonymise it so that it can no longer
          identify anyone. A school, as controller, can ask us to delete its data sooner. When you
          ask us to delete your data we do so within 30 days, unless the law requires us to keep
          part of it (payment records, for example); if so, we keep only that part and tell you why.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-security" title="8. How we keep data secure">
        <List spacing="xs">
          <List.Item>
            All data travelling between your device and our service is encrypted.
          </List.Item>
          <List.Item>
            Passwords are stored only as one-way hashes. Sign-in links expire after 15 minutes and
            password reset links can be used only once.
          </List.Item>
          <List.Item>
            Access is controlled by role and by school: people can see only the data that belongs to
            their own school and that their role allows.
          </List.Item>
          <List.Item>
            Within STEM@Home Ltd, only staff who need access to personal data to run or support the
            service have it.
          </List.Item>
          <List.Item>{SCAN_IMAGE_NOTICE.security}</List.Item>
        </List>
        <Text>
          If a personal data breach happens, we will report it to the Information
          Commissioner&rsquo;s Office within 72 hours where the law requires, and tell the affected
          schools and people without undue delay. No system is completely secure, so please keep
          your password private and tell us at <EmailLink address={PRIVACY_EMAIL} /> if you think
          your account has been misused.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-rights" title="9. Your rights under UK data protection law">
        <Text>You have the right to:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>access</strong> your personal data and receive a copy of it;
          </List.Item>
          <List.Item>
            <strong>rectification</strong>: have inaccurate data corrected and incomplete data
            completed;
          </List.Item>
          <List.Item>
            <strong>erasure</strong>: have your data deleted where there is no good reason for us to
            keep it;
          </List.Item>
          <List.Item>
            <strong>restriction</strong>: ask us to limit how we use your data, for example while we
            check its accuracy;
          </List.Item>
          <List.Item>
            <strong>portability</strong>: receive the data you gave us in a structured, commonly
            used, machine-readable format, or have it sent to another organisation, where we process
            it by automated means on the basis of consent or contract;
          </List.Item>
          <List.Item>
            <strong>object</strong> to our use of your data where we rely on legitimate interests;
            and
          </List.Item>
          <List.Item>
            <strong>withdraw consent</strong> at any time where we rely on it. This does not affect
            anything we did lawfully before you withdrew it.
          </List.Item>
        </List>
        <Text>
          To use any of these rights, e-mail <EmailLink address={PRIVACY_EMAIL} />. We may need to
          confirm your identity first. We will reply within one month; if a request is complex we
          may extend this by up to two further months, and we will tell you if we do. There is
          normally no charge.
        </Text>
        <Text>
          If your account belongs to a school, please contact the school first, as it is the
          controller; if you contact us instead, we will pass your request to the school and help it
          to respond. A parent or carer can usually exercise these rights for a young child; older
          children who understand their rights can exercise them themselves.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-complaints" title="10. Complaints">
        <Text>
          If you are unhappy with how we have handled your personal data, please contact us first at{' '}
          <EmailLink address={PRIVACY_EMAIL} /> so that we can try to put things right.
        </Text>
        <Text>
          You also have the right to complain to the Information Commissioner&rsquo;s Office (ICO),
          the UK&rsquo;s data protection regulator, at{' '}
          <Anchor href="https://ico.org.uk" target="_blank" rel="noopener noreferrer">
            ico.org.uk
          </Anchor>{' '}
          or by telephone on 0303 123 1113.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-cookies" title="11. Cookies and local storage">
        <Text>
          STEM@Home does not use advertising cookies, and we do not let third parties track you
          across other websites through our service.
        </Text>
        <Text>
          To keep you signed in, the app stores a sign-in token in your browser&rsquo;s local
          storage, a small storage area in your browser that works much like a cookie. Alongside it
          the app keeps a refresh token, your name and your role, so that it can show you the right
          pages, and, for a few minutes after registration, your new school code. These items are
          strictly necessary to provide the service you have asked for, so under the Privacy and
          Electronic Communications Regulations we do not need your consent to store them. Signing
          out removes them. You can also clear them in your browser settings, which will sign you
          out.
        </Text>
        <Text>
          When you pay, you leave STEM@Home for Stripe&rsquo;s secure checkout pages. Stripe sets
          its own cookies there to process the payment and prevent fraud, and its own cookie and
          privacy policies apply.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-changes" title="12. Changes to this notice">
        <Text>
          We may update this notice when our service or the law changes. The date at the top shows
          when it was last updated. If we make a significant change, we will tell account holders by
          e-mail or in the app before it takes effect and, for school accounts, we will tell the
          school&rsquo;s administrators.
        </Text>
      </LegalSection>

      <LegalSection id="privacy-contact" title="13. Contact us">
        <Text>
          For any question about this notice or about how we handle personal data, please write to
          STEM@Home Ltd at <EmailLink address={PRIVACY_EMAIL} />. If you are a pupil or member of
          staff at a school that uses STEM@Home, you can also contact your school&rsquo;s data
          protection officer.
        </Text>
      </LegalSection>
    </OpenLegalLinksInNewTab.Provider>
  );
}
