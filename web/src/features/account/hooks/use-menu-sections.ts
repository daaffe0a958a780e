import {
  IconBell,
  IconBrandInstagram,
  IconChartBar,
  IconCoin,
  IconDiscount,
  IconFlag,
  IconHeart,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconPalette,
  IconReceipt,
  IconReportMoney,
  IconScale,
  IconSettings,
  IconShoppingBag,
  IconStack2,
  IconTags,
  IconTicket,
  IconUserCheck,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { Badge, VisuallyHidden } from '@mantine/core';
import { createElement, Fragment } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../../../shared/graphql/generated';
import { useSession } from '../../../shared/session';
import { accountMessages } from '../account.messages';
import { useAuthorMenu } from '../../../shared/my-user/use-author-menu';

const menu = accountMessages.menu;

/** The reports queue's length, for the menu's badge: one row asked, only the total read. */
const OpenReportsCountQuery = graphql(`
  query OpenReportsCount {
    reportedItems(status: OPEN, page: { page: 0, size: 1 }) {
      pageInfo {
        totalElements
      }
    }
  }
`);

/** A badge rendered as a span: it sits inside the menu's and the profile screen's text. */
const SpanBadge = Badge<'span'>;

/** "Reports" with the number of items in the open queue as a badge (named for screen readers). */
function reportsLabel(open: number): ReactNode {
  if (open <= 0) return menu.adminReports;
  return createElement(
    Fragment,
    null,
    menu.adminReports,
    ' ',
    createElement(
      SpanBadge,
      {
        component: 'span',
        size: 'sm',
        color: 'yellow',
        variant: 'filled',
        radius: 'sm',
        'aria-hidden': true,
      },
      open > 99 ? '99+' : String(open),
    ),
    createElement(VisuallyHidden, { component: 'span' }, menu.adminOpenReports(open)),
  );
}

export interface MenuItem {
  to: string;
  /** The item's name; the reports item adds the open queue's length as a badge. */
  label: ReactNode;
  icon: TablerIcon;
  /** One line about the item, for the profile screen. */
  description: string;
  isNew?: boolean;
  /** Other paths that belong to the item (detail and editor screens). */
  matches?: readonly string[];
}

export interface MenuSection {
  id: 'player' | 'author' | 'admin';
  label: string;
  items: MenuItem[];
}

/** The three menus of the profile area (spec 2.11): player, author and, for admins only, admin. */
export function useMenuSections(): MenuSection[] {
  const { hasRoles } = useSession();
  const author = useAuthorMenu();
  const admin = hasRoles(['admin']);
  const [openReports] = useQuery({
    query: OpenReportsCountQuery,
    pause: !admin,
    requestPolicy: 'cache-and-network',
  });
  const openCount = openReports.data?.reportedItems.pageInfo.totalElements ?? 0;
  const sections: MenuSection[] = [
    {
      id: 'player',
      label: menu.player,
      items: [
        {
          to: '/me/collection',
          label: menu.collection,
          icon: IconShoppingBag,
          description: menu.descriptions.collection,
        },
        {
          to: '/me/purchase-history',
          label: menu.purchaseHistory,
          icon: IconReceipt,
          description: menu.descriptions.purchaseHistory,
        },
        {
          to: '/me/wishlist',
          label: menu.wishlist,
          icon: IconHeart,
          description: menu.descriptions.wishlist,
        },
        {
          to: '/me/following',
          label: menu.following,
          icon: IconUserCheck,
          description: menu.descriptions.following,
        },
        {
          to: '/me/notifications',
          label: menu.notifications,
          icon: IconBell,
          description: menu.descriptions.notifications,
        },
        {
          to: '/me/statements',
          label: menu.statements,
          icon: IconScale,
          description: menu.descriptions.statements,
        },
        {
          to: '/me/settings',
          label: menu.settings,
          icon: IconSettings,
          description: menu.descriptions.settings,
          matches: ['/me/settings/webhooks'],
        },
      ],
    },
    {
      id: 'author',
      label: menu.author,
      items: [
        ...(author.hasSkins
          ? [
              {
                to: '/me/dashboard',
                label: menu.dashboard,
                icon: IconChartBar,
                description: menu.descriptions.dashboard,
                isNew: author.newDashboard,
              },
            ]
          : []),
        {
          to: '/me/skins',
          label: menu.skins,
          icon: IconPalette,
          description: menu.descriptions.skins,
          matches: ['/me/skin', '/me/publish'],
        },
        {
          to: '/me/bundles',
          label: menu.bundles,
          icon: IconStack2,
          description: menu.descriptions.bundles,
          matches: ['/me/bundle'],
        },
        ...(author.hasPaidSkins
          ? [
              {
                to: '/me/sales',
                label: menu.sales,
                icon: IconDiscount,
                description: menu.descriptions.sales,
              },
              {
                to: '/me/discount-codes',
                label: menu.discountCodes,
                icon: IconTicket,
                description: menu.descriptions.discountCodes,
              },
              {
                to: '/me/payouts',
                label: menu.payouts,
                icon: IconWallet,
                description: menu.descriptions.payouts,
                isNew: author.newPayouts,
              },
            ]
          : []),
      ],
    },
  ];
  if (admin) {
    sections.push({
      id: 'admin',
      label: menu.admin,
      items: [
        {
          to: '/admin/users',
          label: menu.adminUsers,
          icon: IconUsers,
          description: menu.descriptions.adminUsers,
        },
        {
          to: '/admin/orders',
          label: menu.adminOrders,
          icon: IconReceipt,
          description: menu.descriptions.adminOrders,
        },
        {
          to: '/admin/payouts',
          label: menu.adminPayouts,
          icon: IconCoin,
          description: menu.descriptions.adminPayouts,
          matches: ['/admin/payout'],
        },
        {
          to: '/admin/finance',
          label: menu.adminFinance,
          icon: IconReportMoney,
          description: menu.descriptions.adminFinance,
        },
        {
          to: '/admin/reports',
          label: reportsLabel(openCount),
          icon: IconFlag,
          description: menu.descriptions.adminReports,
        },
        {
          to: '/admin/appeals',
          label: menu.adminAppeals,
          icon: IconScale,
          description: menu.descriptions.adminAppeals,
        },
        {
          to: '/admin/comments',
          label: menu.adminComments,
          icon: IconMessages,
          description: menu.descriptions.adminComments,
        },
        {
          to: '/admin/mails',
          label: menu.adminMails,
          icon: IconMail,
          description: menu.descriptions.adminMails,
        },
        {
          to: '/admin/dashboard',
          label: menu.adminDashboard,
          icon: IconLayoutDashboard,
          description: menu.descriptions.adminDashboard,
        },
        {
          to: '/admin/skins',
          label: menu.adminSkins,
          icon: IconPalette,
          description: menu.descriptions.adminSkins,
        },
        {
          to: '/admin/moderation',
          label: menu.adminModeration,
          icon: IconHistory,
          description: menu.descriptions.adminModeration,
        },
        {
          to: '/admin/social-media',
          label: menu.adminSocial,
          icon: IconBrandInstagram,
          description: menu.descriptions.adminSocial,
        },
        {
          to: '/admin/tags',
          label: menu.adminTags,
          icon: IconTags,
          description: menu.descriptions.adminTags,
        },
      ],
    });
  }
  return sections;
}
