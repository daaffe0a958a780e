import { Button, Container, Group } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { siteMessages } from '../../../shared/messages/site.messages';
import { useSession } from '../../../shared/session';
import { supplyDateLabels } from '../../../../../domain/invoices/tax-document';
import { DocumentUnavailable } from '../components/document-unavailable';
import { invoicesMessages as texts } from '../invoices.messages';
import { withKey, type TaxDocumentAnswer } from '../lib/tax-document-api';
import { useDocumentAnswer } from '../lib/use-document-answer';
import sheet from '../../../shared/printable-sheet/printable-sheet.module.css';
import parts from './tax-document-parts.module.css';

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The sheet: what the PDF holds, in the same order. */
function DocumentSheet({ document }: { document: TaxDocumentAnswer }) {
  const { seller, buyer, formatted } = document;
  return (
    <article className={sheet.sheet} aria-label={`${document.title} ${document.number}`}>
      <div className={sheet.header}>
        <p className={sheet.site}>{siteMessages.name}</p>
        <h1 className={sheet.title}>
          {document.title} {document.number}
        </h1>
      </div>
      <dl className={sheet.facts}>
        <Fact label={texts.facts.number} value={document.number} />
        <Fact label={texts.facts.issued} value={document.issuedOn} />
        <Fact label={supplyDateLabels[document.kind]} value={document.paidOn} />
        <Fact label={texts.facts.order} value={document.orderExternalId} />
        <Fact label={texts.facts.corrects} value={document.invoiceNumber} />
      </dl>
      <div className={parts.parties}>
        <section>
          <h2>{texts.seller}</h2>
          <p className={parts.name}>{seller.name}</p>
          <p>{seller.address}</p>
          {seller.companyId ? <p>{texts.companyId(seller.companyId)}</p> : null}
          <p>{seller.vatId ? texts.vatId(seller.vatId) : texts.notRegistered}</p>
        </section>
        <section>
          <h2>{texts.buyer}</h2>
          <p className={parts.name}>{buyer.name}</p>
          <p>{buyer.email}</p>
          <p>{texts.country(buyer.countryName ?? buyer.country?.toUpperCase() ?? texts.unknownCountry)}</p>
          {buyer.vatId ? <p>{texts.vatId(buyer.vatId)}</p> : null}
        </section>
      </div>
      <div className={sheet.tableWrap}>
        <table className={sheet.table}>
          <thead>
            <tr>
              <th scope="col">{texts.columns.item}</th>
              <th scope="col" className={sheet.number}>
                {texts.columns.net}
              </th>
              <th scope="col" className={sheet.number}>
                {texts.columns.rate}
              </th>
              <th scope="col" className={sheet.number}>
                {texts.columns.vat}
              </th>
              <th scope="col" className={sheet.number}>
                {texts.columns.gross}
              </th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => {
              const amounts = formatted.lines[index]!;
              return (
                <tr key={index}>
                  <td>
                    {line.description}
                    <span className={sheet.meta}>
                      {texts.itemType[line.itemType]}
                      {amounts.listPrice ? ` · ${texts.listPrice(amounts.listPrice)}` : ''}
                    </span>
                  </td>
                  <td className={sheet.number}>{amounts.net}</td>
                  <td className={sheet.number}>{amounts.rate}</td>
                  <td className={sheet.number}>{amounts.vat}</td>
                  <td className={sheet.number}>{amounts.gross}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{texts.total}</th>
              <td className={sheet.number}>{formatted.totals.net}</td>
              <td />
              <td className={sheet.number}>{formatted.totals.vat}</td>
              <td className={sheet.number}>{formatted.totals.gross}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className={parts.notes}>
        <p className={parts.vatNote}>{document.vatNote}</p>
        {formatted.evidence ? (
          <p>{texts.evidence(buyer.countryName ?? texts.unknownCountry, formatted.evidence)}</p>
        ) : null}
        {document.rateSetVersion ? <p>{texts.rateSet(document.rateSetVersion)}</p> : null}
        {document.invoiceNumber ? <p>{texts.cancels(document.invoiceNumber)}</p> : null}
      </div>
      <div className={sheet.footer}>
        <span>
          {texts.settled[document.kind]} {texts.facts.order} {document.orderExternalId}.
        </span>
      </div>
    </article>
  );
}

/**
 * An invoice or credit note as a plain document to print (the top bar, footer and buttons are
 * not printed), with its PDF. The buyer reads it signed in; a guest through the key of the
 * order's confirmation page (`?k=`), which the confirmation mail's link carries.
 */
export function TaxDocumentPage() {
  const { number = '' } = useParams();
  const [searchParams] = useSearchParams();
  const key = searchParams.get('k');
  const { user } = useSession();
  const routerLocation = useLocation();
  const navigate = useNavigate();
  const { fetched, retry } = useDocumentAnswer<TaxDocumentAnswer>(
    withKey(`/api/tax-documents/${encodeURIComponent(number)}`, key),
  );
  const document = fetched?.ok ? fetched.body : null;
  return (
    <Container size="lg" w="100%" className={sheet.page}>
      <title>{siteMessages.documentTitle(document ? `${document.title} ${document.number}` : number)}</title>
      <Group justify="space-between" gap="sm" className={sheet.toolbar}>
        <Button
          component={Link}
          to={user ? '/me/purchase-history' : '/'}
          onClick={(event) => {
            if (routerLocation.key !== 'default') {
              event.preventDefault();
              void navigate(-1);
            }
          }}
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {texts.back}
        </Button>
        <Group gap="sm">
          {document ? (
            <Button
              component="a"
              href={document.links.pdf}
              variant="default"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
            >
              {texts.pdf}
            </Button>
          ) : (
            <Button variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} disabled>
              {texts.pdf}
            </Button>
          )}
          <Button
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
            disabled={!document}
          >
            {texts.print}
          </Button>
        </Group>
      </Group>
      {document ? (
        <DocumentSheet document={document} />
      ) : (
        <DocumentUnavailable fetched={fetched} onRetry={retry} />
      )}
    </Container>
  );
}
