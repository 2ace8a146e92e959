import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentLink, EmailLink, OpenLegalLinksInNewTab } from './legal-links';
import { LegalSection } from './legal-section';

const LEGAL_EMAIL = 'legal@stemathome.app';

interface EulaSection {
  title: string;
  body: ReactNode;
}

function sectionId(index: number): string {
  return `eula-section-${index + 1}`;
}

function PrivacyLink() {
  return <DocumentLink to="/privacy-policy">Privacy Policy</DocumentLink>;
}

const sections: readonly EulaSection[] = [
  {
    title: 'Definitions and interpretation',
    body: (
      <>
        <Text>In this Agreement:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>&lsquo;we&rsquo;, &lsquo;us&rsquo; and &lsquo;our&rsquo;</strong> mean STEM@Home
            Ltd, a company registered in England and Wales;
          </List.Item>
          <List.Item>
            <strong>&lsquo;you&rsquo;</strong> means the person using the Service or, where someone
            accepts this Agreement on behalf of a School, that School;
          </List.Item>
          <List.Item>
            <strong>&lsquo;Service&rsquo;</strong> means the STEM@Home software and the services we
            provide through it, whether used in a web browser or through our mobile applications for
            iOS and Android;
          </List.Item>
          <List.Item>
            <strong>&lsquo;School&rsquo;</strong> means a school, college, tutoring organisation or
            other educational body that holds an account, identified by its school code;
          </List.Item>
          <List.Item>
            <strong>&lsquo;Authorised User&rsquo;</strong> means a teacher, student or school
            administrator given access to the Service under an account;
          </List.Item>
          <List.Item>
            <strong>&lsquo;Business User&rsquo;</strong> means anyone using the Service for purposes
            relating to their trade, business, craft or profession, including every School and
            anyone acting on its behalf;
          </List.Item>
          <List.Item>
            <strong>&lsquo;Consumer&rsquo;</strong> means an individual using the Service for
            purposes wholly or mainly outside any trade, business, craft or profession, such as a
            parent or carer who buys a Personal Learning Plan for their child;
          </List.Item>
          <List.Item>
            <strong>&lsquo;Content&rsquo;</strong> means anything you or your Authorised Users put
            into the Service, including questions, rubrics, answers, images and logos;
          </List.Item>
          <List.Item>
            <strong>&lsquo;Student Work&rsquo;</strong> means answers submitted for marking, whether
            typed, photographed or uploaded, and the text extracted from them;
          </List.Item>
          <List.Item>
            <strong>&lsquo;Plan&rsquo;</strong> means a paid subscription described in section 5,
            and <strong>&lsquo;Trial&rsquo;</strong> means the free trial described there; and
          </List.Item>
          <List.Item>
            <strong>&lsquo;Privacy Policy&rsquo;</strong> means our privacy notice at{' '}
            <PrivacyLink />.
          </List.Item>
        </List>
        <Text>
          Headings are for convenience and do not affect meaning. &lsquo;Including&rsquo; means
          including without limitation. &lsquo;In writing&rsquo; includes e-mail. A reference to a
          law includes that law as amended or replaced.
        </Text>
      </>
    ),
  },
  {
    title: 'Acceptance of this agreement',
    body: (
      <>
        <Text>
          This Agreement is a legal agreement between you and us. You accept it by ticking the box
          when you register, or by using the Service. If you do not agree to it, you must not use
          the Service.
        </Text>
        <Text>
          If you accept this Agreement on behalf of a School, you confirm that you have authority to
          bind the School, and the School is responsible for making sure that its Authorised Users
          keep to this Agreement.
        </Text>
        <Text>
          Where a student is a child, their School, or their parent or carer for a family account,
          accepts this Agreement on their behalf and should explain to them, in a way suited to
          their age, the rules that apply to them, in particular those in section 6.
        </Text>
        <Text>
          Our <PrivacyLink /> explains how we handle personal data and should be read together with
          this Agreement. We recommend that you keep a copy of both documents.
        </Text>
      </>
    ),
  },
  {
    title: 'Grant of licence',
    body: (
      <>
        <Text>
          Subject to this Agreement, we grant you a non-exclusive, non-transferable licence, which
          you may not sublicense, to use the Service for your own educational purposes for as long
          as your account, Trial or Plan is active. A School may allow its Authorised Users to use
          the Service within the limits of its Trial or Plan. The Service is licensed to you, not
          sold.
        </Text>
        <Text>You must not, and must not allow anyone else to:</Text>
        <List spacing="xs">
          <List.Item>
            copy, modify, translate or create derivative works of the Service, except as this
            Agreement allows;
          </List.Item>
          <List.Item>
            decompile, disassemble or reverse engineer the Service, except to the extent that the
            law (including section 50B of the Copyright, Designs and Patents Act 1988) allows this
            and cannot be excluded;
          </List.Item>
          <List.Item>
            sell, rent, lend, sublicense or otherwise make the Service available to third parties;
          </List.Item>
          <List.Item>use the Service to build a competing product or service; or</List.Item>
          <List.Item>
            get around any technical limit, security measure or usage limit of the Service.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    title: 'Accounts and eligibility',
    body: (
      <>
        <Text>
          You must give accurate information when you register and keep it up to date. You must keep
          your password and sign-in links private, and you are responsible for what happens under
          your account. If we give you a temporary password, you must change it when you first sign
          in. Tell us straight away at <EmailLink address={LEGAL_EMAIL} /> if you think someone else
          has used your account.
        </Text>
        <Text>
          Each School is identified by a school code. A School&rsquo;s administrators and teachers
          decide who joins the School and must share the school code only with people who should
          have access. A School is responsible for the accounts it creates and for removing access
          when someone leaves.
        </Text>
        <Text>
          A child under 13 may use the Service only through an account created or authorised by
          their School or by a parent or carer. Family accounts on a Personal Learning Plan must be
          held by an adult.
        </Text>
      </>
    ),
  },
  {
    title: 'Trials, plans and payment',
    body: (
      <>
        <Text>
          <strong>Trial.</strong> A Trial lasts 14 days and includes 1 teacher account and 1 student
          account. During the Trial each teacher may create up to 3 classes and 3 questions. No
          payment details are needed to start a Trial and you will not be charged when it ends. To
          keep using the Service after the Trial you must choose a Plan. Some features, such as
          editing school details, are available only on Plans.
        </Text>
        <Text>
          <strong>Plans.</strong> The Personal Learning Plan is for 1 student and costs £4.99 a
          month or £49.99 a year. The Classroom Success Plan is for up to 30 students and costs
          £29.99 a month or £349.99 a year. Prices are in pounds sterling and include VAT where it
          applies. Plans are available, and introductory prices and promotional codes apply, as
          described on our pricing page at the time you buy.
        </Text>
        <Text>
          <strong>Payment.</strong> Plans are billed in advance through our payment processor,
          Stripe. We do not see or store your full card details. Your Plan renews automatically at
          the end of each monthly or yearly billing period, and you authorise Stripe to charge your
          chosen payment method for each renewal until you cancel. If a payment fails, we will tell
          you and may suspend paid features until it is made.
        </Text>
        <Text>
          <strong>Cancelling.</strong> You can cancel your Plan at any time from the subscription
          page. Your access continues until the end of the billing period you have paid for and you
          will not be charged again. Except as set out below or as the law requires, we do not
          refund part-used billing periods.
        </Text>
        <Text>
          <strong>Consumers&rsquo; right to cancel.</strong> If you are a Consumer, you may cancel a
          new Plan within 14 days of buying it by telling us. If you asked us to start providing the
          Service straight away, we may deduct an amount in proportion to the Service provided
          before you told us you wanted to cancel, and refund the rest.
        </Text>
        <Text>
          <strong>Price changes.</strong> We will give you at least 30 days&rsquo; notice of any
          price change. It will apply from your next renewal after the notice period, and you may
          cancel before then if you do not accept it.
        </Text>
      </>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <Text>You must not, and must make sure that your Authorised Users do not:</Text>
        <List spacing="xs">
          <List.Item>
            upload content that is unlawful, harmful, threatening, abusive, harassing, defamatory,
            obscene, sexually explicit or hateful, or that infringes anyone else&rsquo;s rights;
          </List.Item>
          <List.Item>
            upload images that show anything other than the work being submitted, such as faces or
            other people&rsquo;s personal information;
          </List.Item>
          <List.Item>
            try to manipulate the AI marking, for example by writing instructions addressed to the
            marking system in an answer, hiding text in an image, or submitting answers designed to
            test how the marking can be gamed rather than to answer the question;
          </List.Item>
          <List.Item>upload viruses or other harmful code;</List.Item>
          <List.Item>
            access, or try to access, accounts or data that do not belong to you, including another
            School&rsquo;s data;
          </List.Item>
          <List.Item>pretend to be another person;</List.Item>
          <List.Item>
            get around Trial or Plan limits, for example by opening several Trials for the same
            School;
          </List.Item>
          <List.Item>
            copy data from the Service by automated means, or put an unreasonable load on it; or
          </List.Item>
          <List.Item>use the Service in any way that breaks the law.</List.Item>
        </List>
        <Text>
          We may remove content that breaks these rules and may suspend accounts under section 15.
          Answers that try to manipulate the marking receive no credit for the manipulation and may
          be flagged to the teacher.
        </Text>
      </>
    ),
  },
  {
    title: 'Student work and AI marking',
    body: (
      <>
        <Text>
          When work is photographed or uploaded, the Service extracts the text from the image,
          tidies up errors made while reading it, and marks each answer against the rubric written
          by the teacher, giving a score and feedback. Tidying fixes reading errors only; it does
          not correct a student&rsquo;s spelling, facts or working.
        </Text>
        <Text>
          <strong>AI marking is assistive.</strong> Automatic marks and feedback can be wrong,
          especially where handwriting is unclear or an answer is unusual. Teachers remain
          responsible for reviewing marks, for the final marks they give, and for any decision about
          a student based on them. Automatic marks should not be the only basis for formal grades,
          reports or other important decisions about a student. For families on a Personal Learning
          Plan, marks and feedback are practice guidance only.
        </Text>
        <Text>
          The Service may flag answers that appear to contain inappropriate content. The flag is an
          aid, not a safeguarding system: Schools remain responsible for their own safeguarding
          procedures, and the absence of a flag does not mean that content is safe.
        </Text>
        <Text>
          You, your School or the student keep ownership of Content and Student Work. You grant us a
          licence to host, copy, process and display them only as needed to provide the Service to
          you. We do not sell Content or Student Work, and we do not allow our AI providers to use
          them to train their models. Teachers must make sure that they have the right to use any
          material they put into questions, such as extracts from published papers.
        </Text>
      </>
    ),
  },
  {
    title: 'Data protection and retention',
    body: (
      <>
        <Text>
          We and you must each comply with the UK General Data Protection Regulation (UK GDPR) and
          the Data Protection Act 2018. Our <PrivacyLink /> describes the personal data we handle
          and why.
        </Text>
        <Text>
          <strong>Schools.</strong> For a School&rsquo;s account, the School is the controller of
          the personal data of its pupils and staff, and we are its processor. In that role we will:
        </Text>
        <List spacing="xs">
          <List.Item>
            process the data only on the School&rsquo;s documented instructions, which are given by
            this Agreement and by the School&rsquo;s use of the Service;
          </List.Item>
          <List.Item>
            make sure that everyone who processes it is bound by confidentiality;
          </List.Item>
          <List.Item>
            keep it secure with appropriate technical and organisational measures;
          </List.Item>
          <List.Item>
            use only the sub-processors listed in our Privacy Policy, under written terms that
            protect the data to the same standard, and tell Schools in advance of any intended
            change so that they can object;
          </List.Item>
          <List.Item>
            help the School to respond to requests from people exercising their rights, and with
            data protection impact assessments and breach notifications;
          </List.Item>
          <List.Item>
            tell the School without undue delay if we become aware of a personal data breach;
          </List.Item>
          <List.Item>
            delete or return the data when the School&rsquo;s account ends, subject to the retention
            periods below; and
          </List.Item>
          <List.Item>
            make available the information needed to show that we meet these obligations, and allow
            for and contribute to reasonable audits.
          </List.Item>
        </List>
        <Text>
          For individual and family accounts we are the controller of the personal data. Personal
          data is stored in the United Kingdom and the United States, and transfers to the United
          States are protected by safeguards recognised by UK law, as our Privacy Policy explains.
        </Text>
        <Text>
          <strong>Retention.</strong> We keep data for these periods:
        </Text>
        <List spacing="xs">
          <List.Item>account data: while the account is active, plus 24 months;</List.Item>
          <List.Item>uploaded images: deleted immediately after text extraction;</List.Item>
          <List.Item>extracted text: 24 months;</List.Item>
          <List.Item>scores and feedback: 36 months;</List.Item>
          <List.Item>activity logs: 12 months;</List.Item>
          <List.Item>communication records: 24 months;</List.Item>
          <List.Item>payment records: 7 years;</List.Item>
          <List.Item>application logs: 90 days; and</List.Item>
          <List.Item>analytics: 36 months.</List.Item>
        </List>
        <Text>
          We honour requests to delete personal data within 30 days, except for anything the law
          requires us to keep.
        </Text>
      </>
    ),
  },
  {
    title: 'Intellectual property',
    body: (
      <>
        <Text>
          We and our licensors own all intellectual property rights in the Service, including its
          software, design, text, graphics and the STEM@Home name and logo. This Agreement gives you
          no rights in them other than the licence in section 3.
        </Text>
        <Text>
          Your Content remains yours, as section 7 explains. You may use the scores and feedback
          that the Service produces for your own educational purposes. If you send us suggestions or
          feedback about the Service, we may use them freely without any obligation to you.
        </Text>
      </>
    ),
  },
  {
    title: 'Third-party services',
    body: (
      <>
        <Text>
          The Service relies on third parties, including a cloud provider in the United States for
          hosting and storage, Stripe for payments, an e-mail delivery provider, an AI text service,
          and Apple and Google for the distribution of our mobile applications. Stripe&rsquo;s terms
          apply to your payments, and the App Store and Google Play terms apply to downloading our
          mobile applications.
        </Text>
        <Text>
          We choose our providers carefully and remain responsible to you for the Service as set out
          in this Agreement. We are not responsible for the content or practices of third-party
          websites that the Service links to, such as demonstration booking pages or social media.
        </Text>
      </>
    ),
  },
  {
    title: 'Mobile applications (iOS and Android)',
    body: (
      <>
        <Text>
          The Service can be used in a web browser and through our mobile applications for iOS and
          Android, downloaded from the Apple App Store or Google Play. The minimum supported version
          of the mobile applications is 1.0.0. You need a device running an operating system version
          supported by the app store listing, and we may require you to install an update before you
          can carry on using the Service. Older versions may stop working.
        </Text>
        <Text>
          The applications ask for access to your camera and photo library only so that you can
          capture and upload the work you choose to submit.
        </Text>
        <Text>If you use our iOS application:</Text>
        <List spacing="xs">
          <List.Item>
            this Agreement is between you and us only, not Apple, and we, not Apple, are responsible
            for the application and its content;
          </List.Item>
          <List.Item>
            Apple has no obligation to provide maintenance or support for the application;
          </List.Item>
          <List.Item>
            if the application fails to conform to any warranty that applies, you may tell Apple,
            and Apple will refund any purchase price you paid for the application; to the extent the
            law allows, Apple has no other warranty obligation for it;
          </List.Item>
          <List.Item>
            Apple is not responsible for any claim relating to the application, including product
            liability claims, claims that it fails to meet legal or regulatory requirements, and
            consumer protection claims, nor for investigating or defending any claim that it
            infringes someone else&rsquo;s intellectual property rights;
          </List.Item>
          <List.Item>
            you confirm that you are not located in a country subject to a United States Government
            embargo and are not on any United States Government list of prohibited or restricted
            parties; and
          </List.Item>
          <List.Item>
            Apple and its subsidiaries are third-party beneficiaries of this Agreement and may
            enforce it against you.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    title: 'Updates and availability',
    body: (
      <>
        <Text>
          We update the Service from time to time to improve it, fix faults, keep it secure and
          comply with the law. We will not materially reduce the core features of a Plan during a
          period you have paid for unless we give you notice and you may then cancel and receive a
          refund for the unused part of that period.
        </Text>
        <Text>
          We aim to keep the Service available at all times but cannot promise that it will be
          uninterrupted or free of errors. Where practical, we will give notice of planned
          maintenance. The Service needs an internet connection and works best on a current version
          of a major web browser.
        </Text>
      </>
    ),
  },
  {
    title: 'Defects and support',
    body: (
      <>
        <Text>
          If you find a defect in the Service, you must report it to us within 7 days of discovering
          it. You can report it through the Help Center in the app or by e-mail to{' '}
          <EmailLink address={LEGAL_EMAIL} /> and should describe what you did, what you expected
          and what happened, with your browser or app version and screenshots where helpful. Please
          do not include students&rsquo; personal data unless it is needed.
        </Text>
        <Text>
          We will use reasonable efforts to correct reported defects within a reasonable time. Where
          an automatic mark is wrong, the teacher can change it straight away. Classroom Success
          Plan customers receive priority support.
        </Text>
        <Text>
          For Business Users, we are not responsible for loss that could have been avoided had the
          defect been reported within 7 days. If we cannot correct a material defect within a
          reasonable time, a Business User may cancel its Plan and receive a refund of fees paid for
          the unused part of the billing period, which is its sole remedy for the defect.
        </Text>
        <Text>
          If you are a Consumer, we ask you to report defects within 7 days so that we can fix them
          quickly, but this does not affect your legal rights, described in section 14.
        </Text>
      </>
    ),
  },
  {
    title: 'Limitation of liability',
    body: (
      <>
        <Text>
          Nothing in this Agreement limits or excludes our liability for death or personal injury
          caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else
          that cannot be limited or excluded under the law of England and Wales.
        </Text>
        <Text>
          <strong>Consumers.</strong> Your statutory rights are not affected. We must provide the
          Service with reasonable care and skill, and digital content we supply must be as
          described, fit for purpose and of satisfactory quality, as the Consumer Rights Act 2015
          requires. We are responsible for loss you suffer that is a foreseeable result of our
          breaking this Agreement or failing to use reasonable care and skill. We are not
          responsible for loss that was not foreseeable, nor for business losses, as the Service is
          provided to Consumers for domestic and private use. Citizens Advice can give you
          information about your rights.
        </Text>
        <Text>
          <strong>Business Users.</strong> Subject to the first paragraph of this section:
        </Text>
        <List spacing="xs">
          <List.Item>
            we are not liable for loss of profits, revenue, business, goodwill or anticipated
            savings, nor for any indirect or consequential loss;
          </List.Item>
          <List.Item>
            we are not liable for decisions about students made on the basis of automatic marks that
            a teacher has not reviewed (see section 7);
          </List.Item>
          <List.Item>
            our total liability arising under or in connection with this Agreement in any 12-month
            period is limited to the greater of £100 and the fees you paid us in the 12 months
            before the event giving rise to the claim; and
          </List.Item>
          <List.Item>
            you must bring any claim against us within 12 months of the date on which you became
            aware, or ought reasonably to have become aware, of the facts giving rise to it, after
            which the claim is barred.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    title: 'Suspension and termination',
    body: (
      <>
        <Text>
          You may stop using the Service and ask us to close your account at any time, and you may
          cancel a Plan as section 5 describes. A School&rsquo;s administrators may remove its
          Authorised Users. A Trial ends automatically after 14 days unless a Plan is chosen.
        </Text>
        <Text>
          We may suspend or end your access if you seriously or repeatedly break this Agreement, if
          payment is not made, if your use puts the security of the Service or other users at risk,
          or if the law requires us to. We will give you notice and, where appropriate, a chance to
          put things right first, unless the matter is urgent.
        </Text>
        <Text>
          If we decide to stop providing the Service altogether, we will give you at least 30
          days&rsquo; notice and refund any fees paid for the period after it stops.
        </Text>
        <Text>
          When your access ends, the licence in section 3 ends too. Before an account is closed you
          may ask us for a copy of your Content. We then keep and delete data according to section
          8. Sections 8, 9, 14 and 17, and any other terms that by their nature should continue,
          survive the end of this Agreement.
        </Text>
      </>
    ),
  },
  {
    title: 'Changes to this agreement',
    body: (
      <>
        <Text>
          We may change this Agreement to reflect changes in the Service, the law or our business.
          The date at the top of this page shows when it was last updated.
        </Text>
        <Text>
          We will tell you about significant changes by e-mail or in the app at least 30 days before
          they take effect, unless a change is needed sooner for legal or security reasons. If you
          do not accept a change, you may cancel your Plan before it takes effect; if the change is
          significant and to your disadvantage, we will refund fees paid for the unused part of your
          billing period. If you continue to use the Service after a change takes effect, you accept
          the changed Agreement.
        </Text>
      </>
    ),
  },
  {
    title: 'Governing law and jurisdiction',
    body: (
      <>
        <Text>
          This Agreement, and any dispute or claim arising from it or its subject matter (including
          non-contractual disputes or claims), is governed by the laws of England and Wales.
        </Text>
        <Text>
          The courts of England and Wales have exclusive jurisdiction over disputes with Business
          Users. If you are a Consumer, you may bring proceedings in the courts of England and Wales
          or, if you live in Scotland or Northern Ireland, in the courts of that country.
        </Text>
        <Text>
          If any part of this Agreement is found to be unenforceable, the rest remains in force. A
          delay in enforcing this Agreement does not waive our or your rights. We may transfer our
          rights and obligations under this Agreement to another organisation and will tell you if
          we do; you may transfer yours only with our written consent. Apart from Apple as set out
          in section 11, no one other than you and us has any right to enforce this Agreement under
          the Contracts (Rights of Third Parties) Act 1999. For Business Users, this Agreement and
          the documents it refers to form the entire agreement between us about the Service.
        </Text>
        <Paper withBorder p="md" radius="md">
          <Text>
            <strong>Contact.</strong> Questions about this Agreement and formal notices should be
            sent to STEM@Home Ltd at <EmailLink address={LEGAL_EMAIL} />.
          </Text>
        </Paper>
      </>
    ),
  },
];

interface EulaContentProps {
  /** Inside another page (the registration modal): links to the privacy notice open in a new tab. */
  openLinksInNewTab?: boolean;
}

/** The body of the licence agreement, shown on /eula and in the registration modal. */
export function EulaContent({ openLinksInNewTab = false }: EulaContentProps) {
  return (
    <OpenLegalLinksInNewTab.Provider value={openLinksInNewTab}>
      <Text>
        This End User Licence Agreement (&lsquo;Agreement&rsquo;) sets out the terms on which
        STEM@Home Ltd lets schools, teachers, students and families use STEM@Home on the web, iOS
        and Android. Please read it carefully, in particular section 7 (AI marking is assistive),
        section 13 (report defects within 7 days) and section 14 (limits on our liability).
      </Text>

      <Paper component="nav" aria-labelledby="eula-contents-heading" withBorder p="md" radius="md">
        <Title order={2} size="h3" id="eula-contents-heading" mb="xs">
          Contents
        </Title>
        <List type="ordered" spacing={4}>
          {sections.map((section, index) => (
            <List.Item key={section.title}>
              <Anchor href={`#${sectionId(index)}`}>{section.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>

      {sections.map((section, index) => (
        <LegalSection
          key={section.title}
          id={sectionId(index)}
          title={`${index + 1}. ${section.title}`}
        >
          {section.body}
        </LegalSection>
      ))}
    </OpenLegalLinksInNewTab.Provider>
  );
}
