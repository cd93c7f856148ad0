import type { PrismaClient } from '@prisma/client';

export const DEMO_SHOP = 'demo-coffee.myshopify.com';
export const DEMO_ACCESS_TOKEN = 'shpat_local_simulator_demo_token';

/** allergens and diets: comma-separated keys (app/lib/allergens.ts), as the columns keep them. */
type Item = {
  category: string;
  name: string;
  description: string;
  price: number;
  allergens: string;
  diets: string;
};

// A real café menu in AUD (prices in cents).
export const DEMO_MENU: Item[] = [
  {
    category: 'white_coffee',
    name: 'Flat White',
    description: 'Double ristretto with velvety steamed milk.',
    price: 520,
    allergens: 'milk',
    diets: 'vegetarian',
  },
  {
    category: 'white_coffee',
    name: 'Latte',
    description: 'Espresso with steamed milk and a light layer of foam.',
    price: 520,
    allergens: 'milk',
    diets: 'vegetarian',
  },
  {
    category: 'white_coffee',
    name: 'Cappuccino',
    description: 'Espresso, steamed milk and thick foam, dusted with chocolate.',
    price: 520,
    allergens: 'milk',
    diets: 'vegetarian',
  },
  {
    category: 'white_coffee',
    name: 'Magic',
    description: 'A Melbourne favourite: double ristretto, three-quarter flat white.',
    price: 550,
    allergens: 'milk',
    diets: 'vegetarian',
  },
  {
    category: 'white_coffee',
    name: 'Mocha',
    description: 'Espresso with Belgian chocolate and steamed milk.',
    price: 590,
    allergens: 'soybeans,milk',
    diets: 'vegetarian',
  },
  {
    category: 'white_coffee',
    name: 'Chai Latte',
    description: 'Spiced black tea syrup with steamed milk.',
    price: 550,
    allergens: 'milk',
    diets: 'vegetarian',
  },
  {
    category: 'white_coffee',
    name: 'Piccolo',
    description: 'A ristretto topped with a little warm milk, served in a glass.',
    price: 450,
    allergens: 'milk',
    diets: 'vegetarian',
  },
  {
    category: 'black_coffee',
    name: 'Long Black',
    description: 'Double espresso poured over hot water, crema intact.',
    price: 460,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'black_coffee',
    name: 'Espresso',
    description: 'A short, intense single shot of our house blend.',
    price: 400,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'black_coffee',
    name: 'Americano',
    description: 'Espresso lengthened with hot water for a milder cup.',
    price: 460,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'black_coffee',
    name: 'Batch Brew',
    description: 'Filter coffee from this week’s single origin.',
    price: 480,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'tea',
    name: 'English Breakfast',
    description: 'Robust black tea blend, milk on the side if you like.',
    price: 450,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'tea',
    name: 'Earl Grey',
    description: 'Black tea with bergamot.',
    price: 450,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'tea',
    name: 'Peppermint',
    description: 'Caffeine-free whole-leaf peppermint.',
    price: 450,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'tea',
    name: 'Green Sencha',
    description: 'Light, grassy Japanese green tea.',
    price: 480,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'cold_drinks',
    name: 'Iced Latte',
    description: 'Espresso over ice with cold milk.',
    price: 600,
    allergens: 'milk',
    diets: 'vegetarian',
  },
  {
    category: 'cold_drinks',
    name: 'Cold Brew',
    description: '18-hour cold brew over ice.',
    price: 580,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'cold_drinks',
    name: 'Fresh Orange Juice',
    description: 'Squeezed to order.',
    price: 650,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  // A bottle comes in one size: its own category, which the Size group does not apply to.
  {
    category: 'bottled_drinks',
    name: 'Sparkling Water',
    description: '330 ml bottle.',
    price: 400,
    allergens: '',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'food',
    name: 'Banana Bread',
    description: 'Toasted, with whipped butter.',
    price: 650,
    allergens: 'gluten,eggs,milk',
    diets: 'vegetarian',
  },
  {
    category: 'food',
    name: 'Ham & Cheese Croissant',
    description: 'Leg ham and gruyère in a butter croissant.',
    price: 950,
    allergens: 'gluten,eggs,milk',
    diets: '',
  },
  {
    category: 'food',
    name: 'Avocado Toast',
    description: 'Smashed avocado, feta and chilli on sourdough.',
    price: 1650,
    allergens: 'gluten,milk',
    diets: 'vegetarian',
  },
  {
    category: 'food',
    name: 'Bacon & Egg Roll',
    description: 'Crispy bacon, fried egg and relish on a milk bun.',
    price: 1250,
    allergens: 'gluten,eggs,milk,mustard',
    diets: '',
  },
  {
    category: 'food',
    name: 'Almond Croissant',
    description: 'Twice-baked with frangipane and flaked almonds.',
    price: 700,
    allergens: 'gluten,eggs,milk,nuts',
    diets: 'vegetarian',
  },
  {
    category: 'food',
    name: 'Blueberry Muffin',
    description: 'Baked every morning with whole blueberries.',
    price: 550,
    allergens: 'gluten,eggs,milk',
    diets: 'vegetarian',
  },
  {
    category: 'food',
    name: 'Chicken Caesar Wrap',
    description: 'Grilled chicken, cos, parmesan and Caesar dressing.',
    price: 1350,
    allergens: 'gluten,eggs,fish,milk,mustard',
    diets: '',
  },
  {
    category: 'food',
    name: 'Vegan Brownie',
    description: 'Dark chocolate, no dairy or egg.',
    price: 550,
    allergens: 'gluten,soybeans',
    diets: 'vegetarian,vegan',
  },
  {
    category: 'cold_drinks',
    name: 'Iced Chocolate',
    description: 'Dark chocolate, cold milk and a scoop of vanilla ice cream.',
    price: 700,
    allergens: 'milk,soybeans',
    diets: 'vegetarian',
  },
];

/**
 * How the demo shop groups its products in Shopify (collections, by product name). The app can import one
 * collection as a menu category; the local Shopify simulator serves them.
 */
export const DEMO_COLLECTIONS: { title: string; description: string; products: string[] }[] = [
  {
    title: 'Coffee',
    description: 'Espresso and filter coffee from our roastery.',
    products: [
      'Flat White',
      'Latte',
      'Cappuccino',
      'Magic',
      'Mocha',
      'Piccolo',
      'Long Black',
      'Espresso',
      'Americano',
      'Batch Brew',
    ],
  },
  {
    title: 'Breakfast',
    description: 'Served until 11:30 am.',
    products: [
      'Banana Bread',
      'Ham & Cheese Croissant',
      'Avocado Toast',
      'Bacon & Egg Roll',
      'Almond Croissant',
      'Blueberry Muffin',
    ],
  },
  {
    title: 'Vegan Friendly',
    description: 'No animal products.',
    products: ['Fresh Orange Juice', 'Sparkling Water', 'Vegan Brownie'],
  },
];

/**
 * Products the demo shop still has in Shopify but does not sell through group orders: the local Shopify
 * simulator lists them with these statuses (so a "status:active" import has something to leave out); the
 * app's own menu seed ignores them.
 */
export const DEMO_UNLISTED: (Item & { status: 'DRAFT' | 'ARCHIVED' })[] = [
  {
    category: 'white_coffee',
    name: 'Pumpkin Spice Latte',
    description: 'Autumn special, back in March.',
    price: 620,
    allergens: 'milk',
    diets: 'vegetarian',
    status: 'DRAFT',
  },
  {
    category: 'white_coffee',
    name: 'Eggnog Latte',
    description: 'Last Christmas special.',
    price: 620,
    allergens: 'eggs,milk',
    diets: 'vegetarian',
    status: 'ARCHIVED',
  },
];

type Group = {
  type: string;
  name: string;
  /** 1: required (the guest must choose); 0 or left out: optional. */
  minSelections?: number;
  maxSelections: number;
  modifiers: {
    name: string;
    isDefault?: boolean;
    delta?: number;
    categories: string[];
    /** What the option adds (comma-separated allergen keys) and the diets it takes away. */
    allergens?: string;
    removesDiets?: string;
  }[];
};

const HOT_DRINKS = ['white_coffee', 'black_coffee', 'tea'];
const COFFEE = ['white_coffee', 'black_coffee'];

export const DEMO_MODIFIERS: Group[] = [
  {
    type: 'size',
    name: 'Size',
    minSelections: 1,
    maxSelections: 1,
    modifiers: [
      { name: 'Small', isDefault: true, categories: [...HOT_DRINKS, 'cold_drinks'] },
      { name: 'Regular', delta: 50, categories: [...HOT_DRINKS, 'cold_drinks'] },
      { name: 'Large', delta: 100, categories: [...HOT_DRINKS, 'cold_drinks'] },
    ],
  },
  {
    type: 'milk',
    name: 'Milk type',
    minSelections: 1,
    maxSelections: 1,
    modifiers: [
      {
        name: 'Full Cream',
        isDefault: true,
        allergens: 'milk',
        removesDiets: 'vegan',
        categories: ['white_coffee'],
      },
      { name: 'Skim', allergens: 'milk', removesDiets: 'vegan', categories: ['white_coffee'] },
      {
        name: 'Lactose Free',
        delta: 50,
        allergens: 'milk',
        removesDiets: 'vegan',
        categories: ['white_coffee'],
      },
      { name: 'Soy', delta: 60, allergens: 'soybeans', categories: ['white_coffee'] },
      { name: 'Almond', delta: 80, allergens: 'nuts', categories: ['white_coffee'] },
      { name: 'Oat', delta: 80, allergens: 'gluten', categories: ['white_coffee'] },
    ],
  },
  {
    type: 'blend',
    name: 'Blend',
    minSelections: 1,
    maxSelections: 1,
    modifiers: [
      { name: 'House Blend', isDefault: true, categories: COFFEE },
      { name: 'Single Origin', delta: 70, categories: COFFEE },
      { name: 'Decaf', delta: 50, categories: COFFEE },
    ],
  },
  {
    type: 'sugar',
    name: 'Sugar',
    maxSelections: 1,
    modifiers: [
      { name: '1 Sugar', categories: HOT_DRINKS },
      { name: '2 Sugars', categories: HOT_DRINKS },
      { name: 'Raw Sugar', categories: HOT_DRINKS },
    ],
  },
  {
    type: 'sweeteners',
    name: 'Sweeteners',
    maxSelections: 1,
    modifiers: [
      { name: 'Equal', categories: ['white_coffee'] },
      { name: 'Stevia', categories: ['white_coffee'] },
      { name: 'Vanilla Syrup', delta: 60, categories: ['white_coffee'] },
      {
        name: 'Caramel Syrup',
        delta: 60,
        allergens: 'milk',
        removesDiets: 'vegan',
        categories: ['white_coffee'],
      },
    ],
  },
  {
    type: 'alterations',
    name: 'Alterations',
    maxSelections: 4,
    modifiers: [
      { name: 'Extra Shot', delta: 60, categories: COFFEE },
      { name: 'Half Strength', categories: COFFEE },
      { name: 'Extra Hot', categories: HOT_DRINKS },
      { name: 'Extra Froth', allergens: 'milk', removesDiets: 'vegan', categories: ['white_coffee'] },
      { name: 'No Froth', categories: ['white_coffee'] },
      { name: 'Gluten-Free Bread', delta: 150, categories: ['food'] },
      { name: 'Heated', categories: ['food'] },
    ],
  },
];

/** Creates what is missing and never changes what exists, so running it twice is a no-op. */
export async function seedDemo(prisma: PrismaClient, options: { shop?: string; scope?: string } = {}) {
  const shop = options.shop ?? DEMO_SHOP;
  await prisma.session.upsert({
    where: { id: `offline_${shop}` },
    create: {
      id: `offline_${shop}`,
      shop,
      state: 'seeded',
      isOnline: false,
      scope: options.scope ?? 'read_products,write_draft_orders,write_app_proxy,read_customers,read_locales',
      accessToken: DEMO_ACCESS_TOKEN,
    },
    update: {},
  });
  await prisma.shopSettings.upsert({
    where: { shop },
    create: {
      shop,
      shopName: 'Demo Coffee',
      kitchenName: 'Demo Coffee Kitchen, 12 Bridge St',
      currency: 'AUD',
      locale: 'en-AU',
      timeZone: 'Australia/Sydney',
      emailSenderName: 'Demo Coffee',
    },
    update: {},
  });
  for (const [position, item] of DEMO_MENU.entries()) {
    const existing = await prisma.menuItem.findFirst({
      where: { shop, name: item.name },
      select: { id: true },
    });
    if (existing) continue;
    await prisma.menuItem.create({
      data: {
        shop,
        category: item.category,
        name: item.name,
        description: item.description,
        priceCents: item.price,
        allergens: item.allergens,
        diets: item.diets,
        position,
      },
    });
  }
  for (const [position, group] of DEMO_MODIFIERS.entries()) {
    const saved = await prisma.modifierGroup.upsert({
      where: { shop_name: { shop, name: group.name } },
      create: {
        shop,
        type: group.type,
        name: group.name,
        minSelections: group.minSelections ?? 0,
        maxSelections: group.maxSelections,
        position,
      },
      update: {},
    });
    for (const [index, modifier] of group.modifiers.entries()) {
      const existing = await prisma.modifier.findFirst({
        where: { groupId: saved.id, name: modifier.name },
        select: { id: true },
      });
      if (existing) continue;
      await prisma.modifier.create({
        data: {
          shop,
          groupId: saved.id,
          name: modifier.name,
          isDefault: modifier.isDefault ?? false,
          priceDeltaCents: modifier.delta ?? 0,
          applicableCategories: modifier.categories.join(','),
          allergens: modifier.allergens ?? '',
          removesDiets: modifier.removesDiets ?? '',
          position: index,
        },
      });
    }
  }
}
