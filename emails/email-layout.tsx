import { Body, Button, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { EmailBrand } from './email-brand';

type EmailLayoutProps = {
  brand: EmailBrand;
  preview: string;
  heading: string;
  /** Left out when there is nowhere to go (the recipient's account was closed). */
  action?: { label: string; href: string };
  children: ReactNode;
};

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** The frame of every e-mail: the tenant's logo and name on its primary colour, an accent button, a muted footer. */
export function EmailLayout({ brand, preview, heading, action, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: brand.backgroundColor, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 560, overflow: 'hidden' }}>
          <Section style={{ backgroundColor: brand.primaryColor, padding: '20px 32px' }}>
            {brand.logoDataUri ? <Img src={brand.logoDataUri} alt={brand.name} height={40} style={{ display: 'inline-block', maxHeight: 40, verticalAlign: 'middle' }} /> : null}
            <Text style={{ color: brand.primaryForeground, display: 'inline-block', fontSize: 18, fontWeight: 600, margin: brand.logoDataUri ? '0 0 0 12px' : 0, verticalAlign: 'middle' }}>
              {brand.name}
            </Text>
          </Section>
          <Section style={{ padding: '24px 32px 8px' }}>
            <Heading as="h1" style={{ color: '#0f172a', fontSize: 22, fontWeight: 600, margin: '0 0 16px' }}>
              {heading}
            </Heading>
            {children}
            {action ? (
              <Button
                href={action.href}
                style={{ backgroundColor: brand.accentColor, borderRadius: 6, color: brand.accentForeground, fontSize: 15, fontWeight: 600, margin: '16px 0 24px', padding: '12px 20px' }}
              >
                {action.label}
              </Button>
            ) : null}
          </Section>
          <Hr style={{ borderColor: '#e2e8f0', margin: 0 }} />
          <Section style={{ padding: '16px 32px' }}>
            <Text style={{ color: brand.mutedColor, fontSize: 12, lineHeight: '18px', margin: 0 }}>
              You receive this e-mail because you use {brand.name}&apos;s equipment lending on Quartermaster. It was sent
              automatically; replies are not read.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const paragraph = { color: '#334155', fontSize: 15, lineHeight: '24px', margin: '0 0 12px' };

export function EmailText({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** Label/value lines (asset, dates, purpose) in a quiet box. */
export function EmailFacts({ facts, brand }: { facts: [label: string, value: string][]; brand: EmailBrand }) {
  return (
    <Section style={{ backgroundColor: '#f8fafc', border: '1px solid #e2e8f0', borderRadius: 6, margin: '4px 0 8px', padding: '12px 16px' }}>
      {facts.map(([label, value]) => (
        <Text key={label} style={{ color: '#0f172a', fontSize: 14, lineHeight: '22px', margin: 0 }}>
          <span style={{ color: brand.mutedColor }}>{label}: </span>
          {value}
        </Text>
      ))}
    </Section>
  );
}
